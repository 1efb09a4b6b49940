package io.mobula.transport;

/**
 * Sees every frame a transport's connections send and receive: counters of the traffic an application makes (how
 * many messages and bytes, between which ends), without touching the frames. Set with
 * {@link TransportOptions#withTraffic}; the default, {@link #NONE}, does nothing.
 *
 * <p>Both methods run on the thread that moves the frame, so they must be quick and must not block, send, or close
 * the connection. {@link #sent} runs under the connection's send lock, before the frame's first byte is written:
 * frames are reported in the order their bytes enter the connection, and a frame is reported sent before its peer
 * can report it received. {@link #received} runs before the connection's handler sees the frame, in the order
 * frames arrive. Frame sizes exclude the transport's length prefix.
 */
public interface TrafficObserver {

    /** Observes nothing. */
    TrafficObserver NONE = new TrafficObserver() {
        @Override
        public void sent(Connection connection, long frameBytes) {
        }

        @Override
        public void received(Connection connection, long frameBytes) {
        }

        @Override
        public String toString() {
            return "TrafficObserver.NONE";
        }
    };

    /** {@code connection} is about to send a frame of {@code frameBytes} bytes. */
    void sent(Connection connection, long frameBytes);

    /** {@code connection} received a frame of {@code frameBytes} bytes, which its handler gets next. */
    void received(Connection connection, long frameBytes);
}
