package io.mobula.gmi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.mobula.gmi.bin.Bin;
import io.mobula.gmi.bin.BinImpl;
import org.junit.jupiter.api.Test;

/**
 * The runtime's reading of the processor's proofs ({@code X_MobulaGroupFlags}): which methods of its group interface
 * a member class runs on the receiving thread. Method indices of {@link Bin}: put 0, get 1, add 2.
 */
class MemberFlagsTest {
    /** put and get are proven (a field store, a field load); add takes a lock. */
    public static class Quick extends GroupMember implements Bin {
        private volatile double[] data;

        @Override
        public void put(double[] v) {
            data = v;
        }

        @Override
        public double[] get() {
            return data;
        }

        @Override
        public synchronized int add(int a, int b) {
            return a + b;
        }
    }

    /** Declares put again with a lock: its proof no longer applies, get's still does. */
    public static class Overriding extends Quick {
        private final Object lock = new Object();

        @Override
        public void put(double[] v) {
            synchronized (lock) {
                super.put(v);
            }
        }
    }

    @Test
    void provenMethodsAreRunOnTheReceivingThread() {
        assertArrayEquals(new boolean[] {true, true, false}, MemberFlags.of(Quick.class, Bin.class, 3));
    }

    @Test
    void aSubclassDeclaringAProvenMethodAgainLosesThatProofOnly() {
        assertArrayEquals(new boolean[] {false, true, false}, MemberFlags.of(Overriding.class, Bin.class, 3));
    }

    @Test
    void membersThatLockOrWaitAndProofsForAnotherInterfaceCountAsBlocking() {
        assertArrayEquals(new boolean[3], MemberFlags.of(BinImpl.class, Bin.class, 3));
        assertArrayEquals(new boolean[3], MemberFlags.of(Quick.class, io.mobula.gmi.gen.Kinds.class, 3));
    }
}
