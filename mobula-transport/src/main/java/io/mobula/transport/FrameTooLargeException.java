package io.mobula.transport;

import java.io.IOException;

/**
 * A frame larger than the connection's {@link TransportOptions#maxFrameSize()} was refused on send. Nothing was
 * sent and the connection stays open, so the caller can fail just that message.
 */
public final class FrameTooLargeException extends IOException {
    private static final long serialVersionUID = 1L;
    private final long frameBytes;
    private final int maxFrameSize;

    public FrameTooLargeException(long frameBytes, int maxFrameSize, String connection) {
        super("frame of " + frameBytes + " bytes exceeds maxFrameSize " + maxFrameSize + " (not sent; " + connection
                + " stays open)");
        this.frameBytes = frameBytes;
        this.maxFrameSize = maxFrameSize;
    }

    /** The size of the refused frame. */
    public long frameBytes() {
        return frameBytes;
    }

    /** The limit it exceeded. */
    public int maxFrameSize() {
        return maxFrameSize;
    }
}
