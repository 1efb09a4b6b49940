package io.mobula.examples.gmi.upcall;

import io.mobula.gmi.GroupMember;
import io.mobula.gmi.Group;
import io.mobula.gmi.ReturnReply;
import io.mobula.gmi.SingleInvocation;
import io.mobula.rmi.NonBlocking;
import io.mobula.rmi.Rmi;
import java.util.concurrent.atomic.AtomicInteger;

/** The member of {@link Probe}; fields are read by the rank's main thread once the invoker is done. */
public final class ProbeImpl extends GroupMember implements Probe {
    /** Broadcasts may arrive in any order (thesis 5.2.6): a sum and a count, not a last value. */
    final AtomicInteger sum = new AtomicInteger();
    final AtomicInteger marks = new AtomicInteger();
    volatile int stated;
    volatile double[] kept;
    volatile double[] own;
    volatile Thread markThread;
    volatile Thread statedThread;
    volatile boolean statedOnReceiveThread;
    volatile Thread nestedThread;
    volatile boolean nestedOnReceiveThread;
    /** The reference {@link #nested} invokes through. */
    volatile Probe group;

    @Override
    public void mark(int k) {
        sum.addAndGet(k);
        marks.incrementAndGet();
        markThread = Thread.currentThread();
    }

    @NonBlocking
    @Override
    public void markStated(int k) {
        stated = k;
        statedThread = Thread.currentThread();
        statedOnReceiveThread = Rmi.onReceiveThread();
    }

    @Override
    public void keep(double[] v) {
        kept = v;
    }

    @Override
    public void own(double[] v) {
        own = v;
    }

    @Override
    public int peek() {
        return marks.get();
    }

    @Override
    public int nested(int other) {
        nestedThread = Thread.currentThread();
        nestedOnReceiveThread = Rmi.onReceiveThread();
        Probe g = group;
        synchronized (this) { // one configuration of peek per member at a time
            Group.findMethod(g, Probe_GroupMethods.PEEK).configure(new SingleInvocation(other),
                    new ReturnReply(other));
            return g.peek();
        }
    }
}
