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
        String mineKey = Directory.participant(group, ci.identifier(), ci.rank());
        int[] poolRanks;
        try {
            Serializable old = rt.pool.publish(mineKey, mine);
            if (old != null && !old.equals(mine)) {
                throw new ConfigurationException(label + ": participant rank " + ci.rank() + " is taken by " + old
                        + "; each participant needs its own rank");
            }
            String outcome = Directory.participants(group, ci.identifier());
            Directory.ParticipantsEntry all = ci.rank() == 0 ? rollCall(rt, ci, group, mine)
                    : (Directory.ParticipantsEntry) rt.pool.await(List.of(outcome), rt.timeout()).get(outcome);
            if (all.disagreement() != null) {
                throw new ConfigurationException(label + ": " + all.disagreement());
            }
            poolRanks = all.poolRanks();
        } catch (PoolException e) {
            throw new ConfigurationException(label + ": not every participant configured it within "
                    + rt.timeout().toMillis() + " ms: " + e.getMessage(), e);
        }
        if (poolRanks.length != ci.number()) {
            throw new ConfigurationException(label + ": participant 0 published " + poolRanks.length
                    + " participants, not " + ci.number());
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

    /**
     * Participant 0 awaits every participant's entry, checks that all agree with its own, and publishes the outcome
     * for the others, who await that one entry (O(N) entries through the coordinator instead of O(N^2)).
     */
    private static Directory.ParticipantsEntry rollCall(GmiRuntime rt, CombinedInvocation ci, String group,
            Directory.ParticipantEntry mine) throws PoolException {
        List<String> keys = new ArrayList<>();
        for (int r = 0; r < ci.number(); r++) {
            keys.add(Directory.participant(group, ci.identifier(), r));
        }
        Map<String, Serializable> found = rt.pool.await(keys, rt.timeout());
        int[] poolRanks = new int[ci.number()];
        String disagreement = null;
        for (int r = 0; r < ci.number(); r++) {
            Directory.ParticipantEntry p = (Directory.ParticipantEntry) found.get(keys.get(r));
            if (disagreement == null && !p.agreement().equals(mine.agreement())) {
                disagreement = "participant " + r + " configured " + p.agreement() + " but participant 0 configured "
                        + mine.agreement();
            }
            poolRanks[r] = p.poolRank();
        }
        Directory.ParticipantsEntry all = new Directory.ParticipantsEntry(poolRanks, disagreement);
        Serializable old = rt.pool.publish(Directory.participants(group, ci.identifier()), all);
        return old instanceof Directory.ParticipantsEntry earlier ? earlier : all; // the first one stands
    }

    @Override
    public String toString() {
        return "GroupMethod[" + ref.view.name + "." + info.description() + "]";
    }
}
