package io.mobula.bench.load;

import io.mobula.bench.model.Node;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * One client thread's calls on the server object, each verified: what it completed per {@link Op} (to compare with
 * the server's counts), its latencies, and its errors (a call that threw what it should not have, or answered
 * wrong). The soak mix is a fixed cycle of {@link #MIX} slots; the star kernel is {@code echo} of a small node.
 */
final class ClientCalls {
    /** The soak's cycle: null calls, small args, arrays, graphs, callbacks, remote exceptions, remote references. */
    static final List<Op> MIX = List.of(Op.PING, Op.ADD, Op.SHIFT, Op.ECHO, Op.PING, Op.ADD, Op.CALLBACK, Op.SHIFT,
            Op.FAIL, Op.TICKET, Op.PING, Op.ADD, Op.ECHO, Op.SHIFT, Op.CALLBACK, Op.TICKET);
    /** Array lengths the shift kernel cycles through. */
    static final int[] ARRAY_LENGTHS = {0, 1, 16, 256, 4096};
    /** Tree sizes the graph kernel cycles through. */
    static final int[] TREE_SIZES = {1, 15, 255};
    /** Errors kept verbatim per thread; the rest are only counted. */
    private static final int KEPT_ERRORS = 5;

    private final SoakService server;
    private final SoakCallback callback;
    private final int id;
    private final long[] completed = new long[Op.values().length];
    private final LatencyHistogram latencies = new LatencyHistogram();
    private final List<String> firstErrors = new ArrayList<>();
    private final Node[] trees = new Node[TREE_SIZES.length];
    private final int[][] arrays = new int[ARRAY_LENGTHS.length][];
    private final Node starNode;
    private final LongAdder progress;
    private long errors;
    private long seq;

    /**
     * @param id       unique over every client thread of the run (the server tracks {@code add} sequences by it)
     * @param callback this thread's exported callback, or null when it makes no callback calls
     * @param progress counts every call this thread ends (well or not), for the JVM's samples
     */
    ClientCalls(SoakService server, SoakCallback callback, int id, LongAdder progress) {
        this.server = server;
        this.progress = progress;
        this.callback = callback;
        this.id = id;
        for (int i = 0; i < trees.length; i++) {
            trees[i] = Node.tree(TREE_SIZES[i]);
        }
        for (int i = 0; i < arrays.length; i++) {
            arrays[i] = new int[ARRAY_LENGTHS[i]];
            for (int j = 0; j < arrays[i].length; j++) {
                arrays[i][j] = id * 31 + j;
            }
        }
        starNode = Node.leaf(id);
    }

    /** Soak call number {@code i}: the kernel of slot {@code i % MIX.size()}; timed when {@code timed}. */
    void soak(long i, boolean timed) {
        Op op = MIX.get((int) (i % MIX.size()));
        long t0 = System.nanoTime();
        try {
            run(op, i);
            if (timed) {
                latencies.record(System.nanoTime() - t0);
            }
        } catch (Exception | AssertionError e) {
            error(op, e);
        }
        progress.increment();
    }

    /** One star call ({@code echo} of a 4-int node); timed when {@code timed}. */
    void star(boolean timed) {
        long t0 = System.nanoTime();
        try {
            check(Op.ECHO, server.echo(starNode), starNode);
            completed[Op.ECHO.ordinal()]++;
            if (timed) {
                latencies.record(System.nanoTime() - t0);
            }
        } catch (Exception | AssertionError e) {
            error(Op.ECHO, e);
        }
        progress.increment();
    }

    private void run(Op op, long i) throws RemoteException {
        int k = (int) (i / MIX.size());
        switch (op) {
            case PING -> server.ping();
            case ADD -> {
                long s = seq++;
                check(op, server.add(id, s), id + s);
            }
            case SHIFT -> {
                int[] a = arrays[k % arrays.length];
                int[] r = server.shift(a, k);
                if (r.length != a.length) {
                    throw new AssertionError("shift: " + r.length + " elements back for " + a.length);
                }
                for (int j = 0; j < a.length; j++) {
                    if (r[j] != a[j] + k) {
                        throw new AssertionError("shift: element " + j + " is " + r[j] + ", not " + (a[j] + k));
                    }
                }
            }
            case ECHO -> {
                Node t = trees[k % trees.length];
                check(op, server.echo(t), t);
            }
            case CALLBACK -> check(op, server.callBack(callback, i), 3 * i + 1);
            case FAIL -> {
                try {
                    server.fail(i);
                    throw new AssertionError("fail(" + i + ") returned normally");
                } catch (SoakFault f) {
                    check(op, f.value(), i);
                }
            }
            case TICKET -> {
                Ticket t = server.ticket(i);
                completed[Op.TICKET.ordinal()]++;
                check(Op.TICKET_VALUE, t.value(), i);
                op = Op.TICKET_VALUE;
            }
            case TICKET_VALUE -> throw new IllegalArgumentException("ticket_value is called through a ticket");
        }
        completed[op.ordinal()]++;
    }

    private static void check(Op op, Object got, Object expected) {
        if (!Objects.equals(got, expected)) {
            throw new AssertionError(op.id() + ": answered " + got + ", expected " + expected);
        }
    }

    private void error(Op op, Throwable e) {
        errors++;
        if (firstErrors.size() < KEPT_ERRORS) {
            firstErrors.add(op.id() + ": " + e);
        }
    }

    SoakService server() {
        return server;
    }

    long[] completed() {
        return completed;
    }

    LatencyHistogram latencies() {
        return latencies;
    }

    long errors() {
        return errors;
    }

    List<String> firstErrors() {
        return firstErrors;
    }
}
