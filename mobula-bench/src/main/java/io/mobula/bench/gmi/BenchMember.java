package io.mobula.bench.gmi;

import io.mobula.gmi.GroupMember;
import java.rmi.RemoteException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The member every rank holds. Group invocations run on the RMI runtime's threads; {@link #take} runs on the rank's
 * main thread.
 */
public final class BenchMember extends GroupMember implements BenchGroup {
    private final RankState state;
    private final GmiPeer root;
    private final BlockingQueue<double[]> results = new LinkedBlockingQueue<>();

    /**
     * @param root rank 0's peer, for the acknowledgements of a member elsewhere (null at rank 0)
     */
    BenchMember(RankState state, GmiPeer root) {
        this.state = state;
        this.root = root;
    }

    @Override
    public void put(double[] v) {
        state.checkPut(v);
        ack();
    }

    @Override
    public void stream(double[] v) {
        if (v == null || v.length != state.expectLength) {
            state.error("rank " + state.rank + " streamed " + (v == null ? "null" : v.length + " doubles")
                    + ", expected " + state.expectLength);
        }
        if (state.streamed.incrementAndGet() % state.batch == 0) {
            ack();
        }
    }

    @Override
    public void result(double[] v) {
        results.add(v);
    }

    /** This rank's next result of a reduce-to-all or gather-to-all: a local get, waiting for the broadcast. */
    double[] take() throws InterruptedException {
        return state.take(results, "group result");
    }

    private void ack() {
        if (root == null) {
            state.ack();
            return;
        }
        try {
            root.ack(state.rank);
        } catch (RemoteException e) {
            state.error("rank " + state.rank + " could not acknowledge to rank 0: " + e);
        }
    }
}
