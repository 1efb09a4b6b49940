package io.mobula.transport;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The peer process of {@link ShmDoorbellTest}: connects to the shm endpoint given as argument, never reads past the
 * first frame (its handler blocks), prints "ready" and waits to be killed (at most 60 s).
 */
public final class ShmDoorbellPeer {

    private ShmDoorbellPeer() {
    }

    public static void main(String[] args) throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        try (Transport t = Transports.create("shm")) {
            t.connect(Endpoint.shm(args[0]), new FrameHandler() {
                @Override
                public void onOpen(Connection c) {
                }

                @Override
                public void onFrame(Connection c, ByteBuffer frame) {
                    try {
                        never.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }

                @Override
                public void onClose(Connection c, IOException cause) {
                }
            });
            System.out.println("ready");
            System.out.flush();
            never.await(60, TimeUnit.SECONDS);
        }
    }
}
