package io.mobula.apps.acp;

/**
 * The coordinator of the versions whose ranks send each other messages (RMI, GMI): a rank's batch goes to every
 * other rank, and {@link Safra}'s token ring detects termination; rank 0, detecting it, tells every rank to stop.
 * A broadcast counts as one message per destination, however the transport forwards it. A rank that finds a domain
 * empty tells every rank so with a counted broadcast too; from then on the ranks only wait, and the run ends when
 * the token ring finds nothing in flight, {@link AcpNews#INCONSISTENT}.
 */
final class SafraCoordinator implements AcpEngine.Coordinator {
    /** How a version sends the messages. */
    interface Link {
        /** Sends {@code cells}, which this rank removed, to every other rank (they arrive as an inbox Batch). */
        void removed(int[] cells) throws Exception;

        /** Tells every other rank that this rank found a domain empty (it arrives as an inbox Emptied). */
        void emptied() throws Exception;

        /** Sends the token to rank {@code to} (it arrives in that rank's inbox). */
        void token(int to, Safra.Token token) throws Exception;

        /** Tells every other rank the run ended with {@code end} (it arrives as an inbox Stop). */
        void stop(int end) throws Exception;
    }

    private final Link link;
    private final AcpInbox inbox;
    private final Safra safra;
    private final int others;
    private boolean emptied;

    SafraCoordinator(int rank, int size, AcpInbox inbox, Link link) {
        this.link = link;
        this.inbox = inbox;
        this.safra = new Safra(rank, size);
        this.others = size - 1;
    }

    @Override
    public void publish(int[] cells) throws Exception {
        if (others > 0) {
            safra.sent(others);
            link.removed(cells);
        }
    }

    @Override
    public AcpNews poll() {
        for (Object m = inbox.poll(); m != null; m = inbox.poll()) {
            AcpNews news = take(m);
            if (news != null) {
                return news;
            }
        }
        return null;
    }

    @Override
    public AcpNews passive() throws Exception {
        while (true) {
            Safra.Token t = safra.passive();
            if (t != null) {
                link.token(safra.next(), t);
            }
            if (safra.terminated()) {
                int end = emptied ? AcpNews.INCONSISTENT : AcpNews.TERMINATED;
                link.stop(end);
                return AcpNews.ended(end);
            }
            AcpNews news = take(inbox.take());
            if (news != null) {
                return news;
            }
        }
    }

    @Override
    public void wipeout(int variable) throws Exception {
        emptied = true;
        if (others > 0) {
            safra.sent(others);
            link.emptied();
        }
    }

    /** Handles a message from the inbox: the news it brings, or null for the token. */
    private AcpNews take(Object m) {
        return switch (m) {
            case AcpInbox.Batch b -> {
                safra.received();
                yield AcpNews.of(b.cells());
            }
            case AcpInbox.Emptied e -> {
                safra.received();
                emptied = true;
                yield AcpNews.ended(AcpNews.EMPTIED);
            }
            case AcpInbox.Stop s -> AcpNews.ended(s.end());
            case Safra.Token t -> {
                safra.token(t);
                yield null;
            }
            default -> throw new IllegalStateException("not an ACP message: " + m);
        };
    }
}
