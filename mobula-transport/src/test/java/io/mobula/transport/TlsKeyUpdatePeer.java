package io.mobula.transport;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Run by {@link TlsKeyUpdateTest} in a JVM whose {@code jdk.tls.keyLimits} make the engines update their keys every
 * few records: echoes frames both ways over one TLS connection while both sides send at once, checks every byte, and
 * prints {@code OK <frames>} or {@code FAIL <reason>}.
 */
public final class TlsKeyUpdatePeer {
    private TlsKeyUpdatePeer() {
    }

    public static void main(String[] args) throws Exception {
        TlsKeyStores keys = TlsKeyStores.existing(Path.of(args[0]));
        int frames = Integer.parseInt(args[1]);
        Transport t = Transports.tls(TransportOptions.defaults(), TlsOptions.defaults().withContext(keys.context("alice")));
        try {
            Recorder server = new Recorder();
            TransportConformanceTest.echo(server);
            Recorder client = new Recorder();
            Listener l = t.listen(Endpoint.tls("127.0.0.1", 0), server);
            Connection c = t.connect(l.endpoint(), client);
            Connection accepted = server.nextOpened();
            // the accepted side also sends on its own, so that both directions carry data while keys change
            AtomicInteger pushed = new AtomicInteger();
            Thread pusher = Thread.ofPlatform().start(() -> {
                try {
                    for (int i = 0; i < frames; i++) {
                        accepted.send(ByteBuffer.wrap(TransportConformanceTest.pattern(-i, 3000)));
                        pushed.incrementAndGet();
                    }
                } catch (Exception e) {
                    System.out.println("FAIL pusher " + e);
                }
            });
            int echoed = 0;
            int fromPusher = 0;
            for (int i = 0; i < frames; i++) {
                c.send(ByteBuffer.wrap(TransportConformanceTest.pattern(i, 5000 + i % 20000)));
            }
            while (echoed + fromPusher < 2 * frames) {
                byte[] got = client.nextFrame().bytes();
                if (got.length == 3000) {
                    if (!java.util.Arrays.equals(got, TransportConformanceTest.pattern(-fromPusher, 3000))) {
                        System.out.println("FAIL pushed frame " + fromPusher + " differs");
                        return;
                    }
                    fromPusher++;
                } else {
                    if (!java.util.Arrays.equals(got, TransportConformanceTest.pattern(echoed, 5000 + echoed % 20000))) {
                        System.out.println("FAIL echoed frame " + echoed + " differs");
                        return;
                    }
                    echoed++;
                }
            }
            pusher.join(10_000);
            System.out.println(server.violations.isEmpty() && client.violations.isEmpty() && c.isOpen()
                    ? "OK " + (echoed + fromPusher) : "FAIL " + server.violations + client.violations);
        } catch (Throwable e) {
            System.out.println("FAIL " + e);
        } finally {
            t.close();
            System.out.flush();
        }
    }
}
