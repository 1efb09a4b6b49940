/**
 * Layer 2: transports ("technologies", KaRMI 4.3) that move opaque frames reliably and in
 * order between two processes. The RMI layer sees only {@link io.mobula.transport.Transport},
 * {@link io.mobula.transport.Connection} and {@link io.mobula.transport.FrameHandler}; sockets, rings and
 * queues stay inside.
 *
 * <p>Built in: {@code tcp} (NIO, one gather write per frame, a receive thread per connection that
 * busy-polls before parking) and {@code local} (in-JVM byte rings, copy semantics). A new technology, such
 * as a shared-memory ring between JVMs on one host, implements {@code Transport}, {@code Listener} and
 * {@code Connection} with the same event contract (the conformance tests check it) and is made available
 * by name with {@link io.mobula.transport.Transports#register}.
 */
package io.mobula.transport;
