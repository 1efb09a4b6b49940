package io.mobula.examples.gmi;

import io.mobula.gmi.ForwardReply;
import io.mobula.gmi.Forwarder;
import io.mobula.gmi.FutureForwarder;
import io.mobula.gmi.Group;
import io.mobula.gmi.SingleInvocation;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Thesis Figure 5.16, result forwarding as a future: {@code get} goes to member 0 and returns null at once; the result
 * is forwarded to the thesis's hand-written {@code Future}, which the client reads after doing other work. Then the
 * same with the ready-made {@link FutureForwarder}.
 */
public final class FutureExample extends Example {
    /** The thesis's Future, with a bounded wait. */
    static final class Future extends Forwarder {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition arrived = lock.newCondition();
        private double[] array;

        @Override
        public void forward(int rank, int size, Object res) {
            lock.lock();
            try {
                array = (double[]) res;
                arrived.signalAll();
            } finally {
                lock.unlock();
            }
        }

        double[] getResult() throws InterruptedException {
            lock.lock();
            try {
                while (array == null) {
                    if (!arrived.await(60, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("no result within 60 s");
                    }
                }
                return array;
            } finally {
                lock.unlock();
            }
        }
    }

    @Override
    boolean clientServer() {
        return true;
    }

    @Override
    void run() throws Exception {
        if (me == 1) {
            local.put(range(7, 3));
            local.put(range(9, 2)); // waits until the first is taken
        }
        if (me == 0) {
            Future f = new Future();
            Group.findMethod(group, "double[] get()").configure(new SingleInvocation(0), new ForwardReply(f));
            check(group.get() == null, "a forwarded get returns null at once");
            double sum = 0;
            for (int i = 0; i < 1000; i++) {
                sum += Math.sqrt(i); // "do some useful computations here"
            }
            check(sum > 0, "work");
            same(f.getResult(), range(7, 3), "the forwarded result");
            FutureForwarder<double[]> ff = new FutureForwarder<>();
            Group.findMethod(group, "double[] get()").configure(new SingleInvocation(0), new ForwardReply(ff));
            group.get();
            same(ff.next().get(60, TimeUnit.SECONDS), range(9, 2), "the CompletableFuture's result");
        }
    }

    public static void main(String[] args) {
        new FutureExample().launch("bin-future");
    }
}
