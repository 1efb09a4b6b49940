/**
 * Mobula's transports for unmodified java.rmi programs (Opt RMI's transparent path): a
 * {@link java.rmi.server.RMISocketFactory} that java.rmi uses for every socket it makes without a custom factory of
 * its own, installed by {@link io.mobula.interop.sockets.MobulaSocketAgent} ({@code -javaagent}) or by
 * {@link io.mobula.interop.sockets.MobulaSocketFactory#install()}. Between JVMs of one host a connection starts on
 * TCP and moves to a shared-memory segment ({@link io.mobula.transport.ShmStreams}) after a short negotiation;
 * to other hosts, to JVMs without the factory and where shared memory is unavailable it stays on TCP with
 * {@code TCP_NODELAY}. The wire protocol above the socket is java.rmi's own (JRMP), unchanged.
 */
package io.mobula.interop.sockets;
