package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;
import java.util.function.Consumer;

/**
 * What a frame connection over a {@link SocketChannel} does the same whether its bytes are plain (tcp) or TLS records
 * (tls): it waits through {@link ChannelWaits} (receive mode, idle waits, wake-up on close, the selectors' end), hands
 * its non-blocking channel to {@link IdleReceivers} while idle (closing its read selector), and builds a frame's gather array (length prefix,
 * optional header, body) in one of two reusable arrays, used under the send lock.
 */
abstract class SocketChannelConnection extends StreamConnection {

    final SocketChannel channel;
    final ChannelWaits waits;
    private final ByteBuffer[] gather2 = new ByteBuffer[2];
    private final ByteBuffer[] gather3 = new ByteBuffer[3];

    @Override
    public Endpoint local() {
        try {
            if (channel.getLocalAddress() instanceof java.net.InetSocketAddress a) {
                return new Endpoint(remote.transport(), a.getAddress().getHostAddress(), a.getPort(), null);
            }
        } catch (java.io.IOException | RuntimeException e) {
            // closed
        }
        return null;
    }

    SocketChannelConnection(SocketChannel channel, ChannelWaits waits, Endpoint remote, FrameHandler handler,
                            TransportOptions options, ByteBuffer prefix,
                            Consumer<? super StreamConnection> onFinished) {
        super(remote, handler, options, prefix, onFinished);
        this.channel = channel;
        this.waits = waits;
    }

    @Override
    public final boolean pollable() {
        return waits.polling();
    }

    @Override
    public final void awaitReadable() throws IOException {
        waits.awaitReadable(); // woken by data, by close() or by the peer's FIN/RST; blocking mode: read() waits
    }

    @Override
    public final boolean awaitReadable(long idleMillis) throws IOException {
        return waits.awaitReadable(idleMillis);
    }

    @Override
    public final void wakeReceiver() {
        waits.wakeUp(); // the receive thread's select returns; a sender waiting for room looks again, no harm
    }

    @Override
    public final SelectableChannel idleChannel() {
        return waits.polling() ? channel : null; // a blocking channel cannot be registered with a selector
    }

    @Override
    public final void hibernating() {
        waits.releaseReadSelector(); // an idle connection holds its socket's descriptor only
    }

    @Override
    final void receiverFinished() {
        waits.close(sendLock);
    }

    /** The frame's buffers in a reusable array: prefix, header (if not null), body; the caller holds the send lock. */
    final ByteBuffer[] gather(ByteBuffer header, ByteBuffer body) {
        ByteBuffer[] gather;
        if (header == null) {
            gather = gather2;
            gather[0] = prefix;
            gather[1] = body;
        } else {
            gather = gather3;
            gather[0] = prefix;
            gather[1] = header;
            gather[2] = body;
        }
        return gather;
    }

    /** Drops the caller's buffers from a gather array once the frame is written, so that it keeps none reachable. */
    static void release(ByteBuffer[] gather) {
        gather[1] = null;
        if (gather.length == 3) {
            gather[2] = null;
        }
    }
}
