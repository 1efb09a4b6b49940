package io.mobula.bench.load;

import io.mobula.rmi.Rmi;
import java.rmi.RemoteException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** The server object of the load and soak suites: runs the kernels and counts every call per {@link Op}. */
public final class SoakServiceImpl implements SoakService {
    private final LongAdder[] counts = new LongAdder[Op.values().length];
    private final ConcurrentHashMap<Integer, AtomicLong> lastSeq = new ConcurrentHashMap<>();
    private final LongAdder outOfOrder = new LongAdder();
    private final LongAdder callbackFailures = new LongAdder();

    private final boolean pinTickets;

    /**
     * @param pinTickets export every ticket with {@link Rmi#export} (pinned until unexported, so never collected);
     *                   otherwise return it unexported, so it is exported on the way, unpinned, and the distributed
     *                   garbage collector frees it once its client dropped it
     */
    public SoakServiceImpl(boolean pinTickets) {
        this.pinTickets = pinTickets;
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    @Override
    public void ping() {
        counts[Op.PING.ordinal()].increment();
    }

    @Override
    public long add(int id, long seq) {
        counts[Op.ADD.ordinal()].increment();
        AtomicLong last = lastSeq.computeIfAbsent(id, k -> new AtomicLong(-1));
        if (!last.compareAndSet(seq - 1, seq)) {
            outOfOrder.increment();
            last.set(seq);
        }
        return id + seq;
    }

    @Override
    public int[] shift(int[] values, int delta) {
        counts[Op.SHIFT.ordinal()].increment();
        int[] r = new int[values.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = values[i] + delta;
        }
        return r;
    }

    @Override
    public Object echo(Object graph) {
        counts[Op.ECHO.ordinal()].increment();
        return graph;
    }

    @Override
    public long callBack(SoakCallback callback, long x) throws RemoteException {
        counts[Op.CALLBACK.ordinal()].increment();
        try {
            return callback.triple(x) + 1;
        } catch (RemoteException | RuntimeException e) {
            callbackFailures.increment();
            throw e;
        }
    }

    @Override
    public void fail(long x) throws SoakFault {
        counts[Op.FAIL.ordinal()].increment();
        throw new SoakFault(x);
    }

    @Override
    public Ticket ticket(long x) throws RemoteException {
        counts[Op.TICKET.ordinal()].increment();
        Ticket t = new TicketImpl(x, counts[Op.TICKET_VALUE.ordinal()]);
        return pinTickets ? (Ticket) Rmi.export(t) : t;
    }

    /** Calls run so far, indexed by {@link Op#ordinal()}. */
    public long[] counts() {
        long[] r = new long[counts.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = counts[i].sum();
        }
        return r;
    }

    /** {@link #add} calls whose sequence number was not the one after the last of their client thread. */
    public long outOfOrder() {
        return outOfOrder.sum();
    }

    /** Callbacks that failed on the way to the client or back. */
    public long callbackFailures() {
        return callbackFailures.sum();
    }

    /** A class, not a record: exported objects are told apart by identity, and two tickets may hold one value. */
    private static final class TicketImpl implements Ticket {
        private final long value;
        private final LongAdder calls;

        TicketImpl(long value, LongAdder calls) {
            this.value = value;
            this.calls = calls;
        }

        @Override
        public long value() {
            calls.increment();
            return value;
        }
    }
}
