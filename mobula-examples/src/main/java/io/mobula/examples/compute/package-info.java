/**
 * The compute engine of The Java Tutorials' RMI trail, ported to Mobula by changing its imports only
 * ({@code java.rmi.registry.*} and {@code java.rmi.server.UnicastRemoteObject} become their {@code io.mobula.rmi}
 * look-alikes). One more change is not Mobula's: the tutorial installs a {@code SecurityManager}, which JDK 24 and
 * later removed, so those lines are gone (they are gone for plain java.rmi too).
 *
 * <p>Run: {@code ./mobula registry --port 0}, then the engine and the client with
 * {@code -Dmobula.registry.port=<port>}; the client takes a host and a number of digits.
 */
package io.mobula.examples.compute;
