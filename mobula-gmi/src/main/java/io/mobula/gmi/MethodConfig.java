package io.mobula.gmi;

import io.mobula.gmi.spi.GroupMethodInfo;
import io.mobula.gmi.spi.ResultType;
import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One method's configuration on one group reference, checked once (thesis 5.2.5: forwarding and reply schemes
 * combine orthogonally, with a few combinations that cannot work). A combined invocation also holds the processes of
 * its participants and the count of its invocations (each participant's n-th invocation meets the others' n-th).
 */
final class MethodConfig {
    final String group;
    final GroupMethodInfo method;
    final InvocationScheme invocation;
    final ReplyScheme reply;
    /** The combined invocation, or null. */
    final CombinedInvocation combined;
    /** How the (combined) invocation is forwarded. */
    final InvocationScheme forwarding;
    /** The reply scheme without its personalization. */
    final ReplyScheme replyInner;
    /** Splits results among participants, or null. */
    final ReplyPersonalizer replyPersonalizer;
    /** Pool rank of each participant's process (combined only). */
    int[] participantPoolRanks;
    final AtomicLong sequence = new AtomicLong();
    volatile GroupBrokenException broken;

    private MethodConfig(String group, GroupMethodInfo method, InvocationScheme invocation, ReplyScheme reply) {
        this.group = group;
        this.method = method;
        this.invocation = invocation;
        this.reply = reply;
        this.combined = invocation instanceof CombinedInvocation c ? c : null;
        this.forwarding = combined != null ? combined.inner() : invocation;
        if (reply instanceof PersonalizedReply p) {
            this.replyInner = p.inner();
            this.replyPersonalizer = p.personalizer();
        } else {
            this.replyInner = reply;
            this.replyPersonalizer = null;
        }
    }

    boolean hasParticipantIn(int poolRank) {
        int[] p = participantPoolRanks;
        if (p != null) {
            for (int x : p) {
                if (x == poolRank) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Checks a configuration against the group and the method.
     *
     * @throws ConfigurationException naming what cannot work and what to change
     */
    static MethodConfig check(GroupView view, GroupMethodInfo m, InvocationScheme inv, ReplyScheme rep) {
        if (inv == null || rep == null) {
            throw new ConfigurationException(m.description() + ": both an invocation and a reply scheme are needed");
        }
        MethodConfig c = new MethodConfig(view.name, m, inv, rep);
        String where = "'" + view.name + "'." + m.description() + " configured as " + inv + " / " + rep + ": ";
        int size = view.size;
        int[] dests = destinations(c.forwarding, size);
        for (int d : dests) {
            if (d >= size) {
                throw new ConfigurationException(where + "rank " + d + " is outside the group of " + size);
            }
        }
        if (rep instanceof PersonalizedReply && c.combined == null) {
            throw new ConfigurationException(where + "a PersonalizedReply splits the result among the participants"
                    + " of a CombinedInvocation; use it with one");
        }
        ReplyScheme r = c.replyInner;
        if (r instanceof ReturnReply rr) {
            int s = rr.source();
            boolean among = false;
            for (int d : dests) {
                among |= d == s;
            }
            if (!among) {
                throw new ConfigurationException(where + "ReturnReply(" + s + ") waits for a member the invocation"
                        + " never reaches (it goes to " + java.util.Arrays.toString(dests) + ")");
            }
        }
        ResultType t = m.result();
        if (r instanceof ForwardReply fr) {
            if (fr.forwarder() instanceof FutureForwarder<?> && (dests.length != 1 || c.replyPersonalizer != null)) {
                throw new ConfigurationException(where + "a FutureForwarder takes one result per invocation; forward"
                        + " to a single member, or use another Forwarder for several results");
            }
            if (!(fr.forwarder() instanceof FutureForwarder<?>)) {
                requireOverride(where, fr.forwarder(), Forwarder.class, "forward", Results.forwardSignature(t));
            }
        }
        if (r instanceof CombineReply cr) {
            if (cr.combiner() instanceof FlatCombiner f) {
                if (t != ResultType.VOID) {
                    requireOverride(where, f, FlatCombiner.class, "combine", Results.flatSignature(t));
                }
            } else {
                BinomialCombiner b = (BinomialCombiner) cr.combiner();
                if (t != ResultType.VOID) {
                    requireOverride(where, b, BinomialCombiner.class, "combine", Results.binomialSignature(t));
                }
                try {
                    GmiRuntime.get().encode(b, () -> "the BinomialCombiner");
                } catch (GroupException e) {
                    throw new ConfigurationException(where + "the BinomialCombiner travels to the members, but "
                            + e.getMessage(), e);
                }
            }
        }
        if (c.replyPersonalizer != null && t != ResultType.VOID) {
            requireOverride(where, c.replyPersonalizer, ReplyPersonalizer.class, "personalize",
                    Results.personalizeSignature(t));
        }
        return c;
    }

    /** The destination ranks of a forwarding scheme (not combined). */
    static int[] destinations(InvocationScheme inv, int size) {
        if (inv instanceof SingleInvocation s) {
            return new int[] {s.destination()};
        }
        if (inv instanceof GroupInvocation g && g.ranksOrNull() != null) {
            return g.ranksOrNull().clone();
        }
        int[] all = new int[size];
        for (int i = 0; i < size; i++) {
            all[i] = i;
        }
        return all;
    }

    private static void requireOverride(String where, Object fn, Class<?> base, String name, Class<?>[] sig) {
        try {
            Method m = fn.getClass().getMethod(name, sig);
            if (m.getDeclaringClass() == base) {
                StringBuilder s = new StringBuilder();
                for (Class<?> p : sig) {
                    s.append(s.length() == 0 ? "" : ", ").append(p.getSimpleName());
                }
                throw new ConfigurationException(where + fn.getClass().getName() + " does not override " + name + "("
                        + s + "), the variant this method's result type needs");
            }
        } catch (NoSuchMethodException e) {
            throw new ConfigurationException(where + "no " + name + " variant for this result type", e);
        }
    }
}
