/**
 * Interoperability with standard {@code java.rmi} (thesis 3.2): Mobula processes serve plain JVMs and call plain
 * java.rmi servers over the standard protocol (JRMP), while calls inside a Mobula cluster keep Mobula's protocol.
 */
package io.mobula.interop;
