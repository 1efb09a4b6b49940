package io.mobula.examples.faults;

import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** {@code LedgerServerMain}: a registry with a {@link Ledger} bound as "ledger"; prints {@code READY port}. */
public final class LedgerServerMain {
    private LedgerServerMain() {
    }

    static final class LedgerImpl implements Ledger {
        private final Set<Long> seen = ConcurrentHashMap.newKeySet();
        private final AtomicLong runs = new AtomicLong();
        private final AtomicLong doubled = new AtomicLong();

        @Override
        public long record(long seq) {
            runs.incrementAndGet();
            if (!seen.add(seq)) {
                doubled.incrementAndGet();
            }
            return seq;
        }

        @Override
        public long slow(long seq, int millis) {
            record(seq);
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return seq;
        }

        @Override
        public long bulk(long seq, byte[] data) {
            record(seq);
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(data);
            return crc.getValue();
        }

        @Override
        public long[] counts() {
            return new long[] {runs.get(), doubled.get()};
        }
    }

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.createRegistry(0);
        registry.rebind("ledger", Rmi.export(new LedgerImpl()));
        System.out.println("READY " + LocateRegistry.localPort());
        Thread.sleep(Long.MAX_VALUE);
    }
}
