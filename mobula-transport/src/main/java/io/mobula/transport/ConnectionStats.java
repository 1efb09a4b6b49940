package io.mobula.transport;

/**
 * A snapshot of the counters of one connection. Byte counts are frame payload bytes, without the
 * transport's framing overhead. The four values are read independently (not one atomic snapshot).
 *
 * @param framesSent     frames completely handed to the transport
 * @param bytesSent      payload bytes of those frames
 * @param framesReceived frames delivered to {@link FrameHandler#onFrame}
 * @param bytesReceived  payload bytes of those frames
 */
public record ConnectionStats(long framesSent, long bytesSent, long framesReceived, long bytesReceived) {
}
