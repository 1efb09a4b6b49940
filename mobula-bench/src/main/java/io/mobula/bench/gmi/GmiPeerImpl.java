package io.mobula.bench.gmi;

/** The {@link GmiPeer} of one rank, over its {@link RankState}. */
final class GmiPeerImpl implements GmiPeer {
    private final RankState state;

    GmiPeerImpl(RankState state) {
        this.state = state;
    }

    @Override
    public int ping() {
        return state.rank;
    }

    @Override
    public void put(double[] v) {
        state.checkPut(v);
    }

    @Override
    public void contribute(int rank, double[] v) {
        state.contributions.add(new RankState.Contribution(rank, v));
    }

    @Override
    public void deliver(double[] v) {
        state.results.add(v);
    }
}
