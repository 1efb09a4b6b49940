package io.mobula.gmi;

import io.mobula.gmi.spi.GroupMethodInfo;
import io.mobula.pool.PoolException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One method of one group reference (thesis 5.3.1), from {@link Group#findMethod}: {@link #configure} sets how its
 * invocations are forwarded and how their results are handled. Configure once, invoke many times; reconfiguring
 * later applies to later invocations.
 */
public final class GroupMethod {
    private final GroupReference ref;
    private final GroupMethodInfo info;

    GroupMethod(GroupReference ref, GroupMethodInfo info) {
        this.ref = ref;
        this.info = info;
    }

    /** The method, as {@code "void put(double[])"}. */
    public String description() {
        return info.description();
    }

    /**
     * Configures the method on this group reference. With a {@link CombinedInvocation} it blocks until all
     * participants have configured the same identifier (bounded by {@code mobula.gmi.timeoutMs}) and checks that
     * they agree.
     *
     * @throws ConfigurationException when the combination cannot work for this method and group (the message says
     *     why), when combined participants disagree, or when they do not all arrive in time
     */
    public void configure(InvocationScheme invocation, ReplyScheme reply) {
        GmiRuntime rt = ref.rt;
        MethodConfig c = MethodConfig.check(ref.view, info, invocation, reply);
        if (c.combined != null) {
            rendezvous(rt, c);
        }
        ref.configure(info.index(), c);
    }

    private void rendezvous(GmiRuntime rt, MethodConfig c) {
        CombinedInvocation ci = c.combined;
        String group = ref.view.name;
        String label = "combined invocation '" + ci.identifier() + "' of '" + group + "'";
        Directory.ParticipantEntry mine = new Directory.ParticipantEntry(ci.rank(), rt.pool.rank(), info.index(),
                ci.number(), ci.combiner().getClass().getName(), ci.inner().toString(),
                c.reply.toString());
        List<String> keys = new ArrayList<>();
        for (int r = 0; r < ci.number(); r++) {
            keys.add(Directory.participant(group, ci.identifier(), r));
        }
        Map<String, Serializable> all;
        try {
            Serializable old = rt.pool.publish(keys.get(ci.rank()), mine);
            if (old != null && !old.equals(mine)) {
                throw new ConfigurationException(label + ": participant rank " + ci.rank() + " is taken by " + old
                        + "; each participant needs its own rank");
            }
            all = rt.pool.await(keys, rt.timeout());
        } catch (PoolException e) {
            throw new ConfigurationException(label + ": not every participant configured it within "
                    + rt.timeout().toMillis() + " ms: " + e.getMessage(), e);
        }
        int[] poolRanks = new int[ci.number()];
        for (int r = 0; r < ci.number(); r++) {
            Directory.ParticipantEntry p = (Directory.ParticipantEntry) all.get(keys.get(r));
            if (!p.agreement().equals(mine.agreement())) {
                throw new ConfigurationException(label + ": participant " + r + " configured " + p.agreement()
                        + " but participant " + ci.rank() + " configured " + mine.agreement());
            }
            poolRanks[r] = p.poolRank();
        }
        c.participantPoolRanks = poolRanks;
        rt.combinedConfigs.add(c);
        String key = GmiRuntime.participantKey(group, ci.identifier(), ci.rank());
        rt.participants.put(key, c);
        if (c.replyInner instanceof ForwardReply fr) {
            rt.forwardTargets.put(key,
                    new GmiRuntime.ForwardTarget(fr.forwarder(), info.result(), ref.view.size));
        }
    }

    @Override
    public String toString() {
        return "GroupMethod[" + ref.view.name + "." + info.description() + "]";
    }
}
