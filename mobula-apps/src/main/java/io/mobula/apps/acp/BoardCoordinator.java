package io.mobula.apps.acp;

/**
 * The coordinator of the versions whose removals go through one shared object holding an {@link AcpLog} (naive RMI,
 * RepMI): a rank appends its batches, reads the others' from where it stopped, and, when passive, declares so with
 * the number of batches it has read, then waits for more or for the end of the run.
 */
final class BoardCoordinator implements AcpEngine.Coordinator {
    /** The shared object, as a version reaches it. */
    interface Board {
        /** Appends {@code cells}, removed by {@code rank}. */
        void restrict(int rank, int[] cells) throws Exception;

        /** {@code rank} is passive having read {@code read} batches. */
        void passive(int rank, int read) throws Exception;

        /** {@code rank} found a domain empty. */
        void emptied(int rank) throws Exception;

        /** The others' batches after the first {@code from}, without waiting; null when the version never looks. */
        AcpNews since(int rank, int from) throws Exception;

        /** The others' batches after the first {@code from}, waiting (bounded) for one or for the end of the run. */
        AcpNews await(int rank, int from) throws Exception;
    }

    private final Board board;
    private final int rank;
    private int read;
    private int declared = -1;

    BoardCoordinator(int rank, Board board) {
        this.rank = rank;
        this.board = board;
    }

    @Override
    public void publish(int[] cells) throws Exception {
        board.restrict(rank, cells);
        declared = -1;
    }

    @Override
    public AcpNews poll() throws Exception {
        AcpNews news = board.since(rank, read);
        if (news == null) {
            return null;
        }
        read = news.next();
        return news.batches().length > 0 || news.end() != AcpNews.RUNNING ? news : null;
    }

    @Override
    public AcpNews passive() throws Exception {
        while (true) {
            if (declared != read) {
                board.passive(rank, read);
                declared = read;
            }
            AcpNews news = board.await(rank, read);
            read = news.next();
            if (news.batches().length > 0 || news.end() != AcpNews.RUNNING) {
                return news;
            }
            // only this rank's own batches were new: passive again, having read them
        }
    }

    @Override
    public void wipeout(int variable) throws Exception {
        board.emptied(rank);
    }
}
