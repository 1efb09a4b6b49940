package io.mobula.gmi;

import io.mobula.gmi.GroupMessages.Invoke;
import io.mobula.gmi.GroupMessages.Part;
import io.mobula.gmi.GroupMessages.Reply;
import io.mobula.pool.PortInbound;
import io.mobula.rmi.NonBlocking;
import io.mobula.rmi.Rmi;
import java.lang.System.Logger.Level;

/**
 * Decodes and dispatches GMI's inbound messages in this process: invocations go to {@link MemberSide}, replies to
 * the pending invocation, parts of combined operations to their mailbox or forwarder. Nothing escapes: a message that
 * fails fails alone ({@link PortInbound}: hostile bytes are refused, other failures logged; one-way messages have
 * nobody to answer).
 *
 * <p>{@code @NonBlocking}: the RMI runtime calls these methods on the thread that received the message (thesis
 * 3.3.1). They never wait for anything a connection must deliver: what may block (a member method not proven
 * non-blocking, a reduce waiting for its children, a user forwarder) goes on through
 * {@link Rmi#runWhereBlockingIsAllowed}; the rest (proven member methods, replies a caller waits for, parts put in
 * their mailbox) completes here.
 */
@NonBlocking
final class GroupPortAdapter implements GroupPort {
    private static final System.Logger LOG = System.getLogger(GroupPortAdapter.class.getName());

    private final GmiRuntime runtime;
    private final MemberSide members;
    /** Messages that failed: headers or parts that do not decode (a peer's malformed or hostile bytes), and others. */
    private final PortInbound inbound = new PortInbound(LOG);

    GroupPortAdapter(GmiRuntime runtime) {
        this.runtime = runtime;
        this.members = new MemberSide(runtime);
    }

    /** The member side, for invocations of members in this process from their invoker's thread. */
    MemberSide members() {
        return members;
    }

    @Override
    public void invoke(int rank, byte[] header, byte[] parameters) {
        Invoke h;
        try {
            h = runtime.decodeInvoke(header, rank);
        } catch (GroupException e) {
            // a peer's malformed or hostile header: one line per period, the rest counted
            inbound.refused("GMI: an invocation of member rank " + rank + " was dropped: " + e.getMessage());
            return;
        }
        try {
            members.receive(h, new GroupMessages.Encoded(h, header, parameters));
        } catch (Throwable t) {
            inbound.failed(Level.WARNING, "invocation of method " + h.method() + " on member rank " + h.rank()
                    + " of '" + h.group() + "' failed in the runtime", t);
        }
    }

    @Override
    public void reply(Reply header, byte[] value) {
        if (Rmi.onReceiveThread() && runtime.replyRunsUserCode(header)) {
            Rmi.runWhereBlockingIsAllowed(() -> deliverReply(header, value)); // a forwarder may block
        } else {
            deliverReply(header, value);
        }
    }

    private void deliverReply(Reply header, byte[] value) {
        try {
            runtime.onReply(header, value);
        } catch (Throwable t) {
            inbound.failed(Level.WARNING, "reply to call " + header.call() + " could not be delivered", t);
        }
    }

    /**
     * A part of a combined operation. A handed-out result that travels along the tree over the participants is
     * relayed to the receiver's children first, here when its sends cannot wait (small, every child connected), else
     * where blocking is allowed, as a forwarded result (its forwarder may block) always is.
     */
    @Override
    public void part(Part header, byte[] value) {
        if (Rmi.onReceiveThread() && (header.forwarded() || !relaysWithoutWaiting(header, value))) {
            Rmi.runWhereBlockingIsAllowed(() -> deliverPart(header, value));
        } else {
            deliverPart(header, value);
        }
    }

    /** Whether relaying {@code header} sends nothing, or only small messages to processes connected already. */
    private boolean relaysWithoutWaiting(Part header, byte[] value) {
        int[] to = runtime.relayTargets(header);
        if (to == null || to.length == 0) {
            return true;
        }
        if (value.length > MemberSide.INLINE_SEND_BYTES) {
            return false;
        }
        for (int poolRank : to) {
            if (!runtime.canSendWithoutWaiting(poolRank)) {
                return false;
            }
        }
        return true;
    }

    private void deliverPart(Part header, byte[] value) {
        if (header.subtreeParts()) {
            try {
                if (SubtreeParts.check(value) < 1) {
                    throw new GroupException("no part for the receiver");
                }
            } catch (GroupException e) {
                // a peer's malformed or hostile bytes: the receiver fails at once rather than wait for its part
                inbound.refused("GMI: personalized parts of '" + header.key() + "' in '" + header.group() + "' for"
                        + " participant " + header.to() + " were dropped: " + e.getMessage());
                if (!header.forwarded()) {
                    runtime.mail.deliver(header.box(), new Mailboxes.Letter(header.from(), true, runtime.encode(e,
                            () -> "a failure")));
                }
                return;
            }
        }
        try {
            if (header.relay()) {
                runtime.relayPart(header, value); // only a result or forwarded result, and only where configured
            }
        } catch (Throwable t) {
            inbound.failed(Level.WARNING, "part of '" + header.key() + "' in '" + header.group() + "' could not be"
                    + " relayed", t);
        }
        try {
            // the receiver's own of a subtree's personalized parts is part 0
            boolean thrown = header.subtreeParts() ? SubtreeParts.thrown(value, 0) : header.thrown();
            byte[] own = header.subtreeParts() ? SubtreeParts.part(value, 0) : value;
            if (header.forwarded()) {
                runtime.onForwarded(header, thrown, own);
            } else {
                runtime.mail.deliver(header.box(), new Mailboxes.Letter(header.from(), thrown, own));
            }
        } catch (Throwable t) {
            inbound.failed(Level.WARNING, "part of '" + header.key() + "' in '" + header.group() + "' could not be"
                    + " delivered", t);
        }
    }
}
