/**
 * Layer 2: transports ("technologies", KaRMI 4.3) that move opaque frames reliably and in
 * order between two processes. The RMI layer sees only {@link io.mobula.transport.Transport},
 * {@link io.mobula.transport.Connection} and {@link io.mobula.transport.FrameHandler}; sockets, rings and
 * queues stay inside.
 *
 * <p>Built in: {@code tcp} (NIO), {@code tls} (NIO with an {@code SSLEngine}), {@code shm} (shared-memory rings
 * between JVMs on one host), {@code local} (in-JVM byte rings, copy semantics) and {@code sock+tcp} (blocking sockets
 * from java.rmi socket factories). Inside, every connection receives through one progress engine, which decides who
 * reads (the connection's receive thread, or a caller polling for its reply in
 * {@link io.mobula.transport.Connection#receiveUntil}) the same way for every transport; a transport supplies only
 * its byte source. A new technology implements {@code Transport}, {@code Listener} and {@code Connection} with the
 * same event contract (the conformance tests check it) and is made available by name with
 * {@link io.mobula.transport.Transports#register}.
 */
package io.mobula.transport;
