package io.mobula.gmi;

/**
 * With a {@link CombinedInvocation}: the result (produced by an inner reply scheme) is split by a
 * {@link ReplyPersonalizer} into one value per participant, and each participant's invocation returns its own
 * (thesis 5.2.4, "personalize result"). With an inner {@link ForwardReply}, every forwarded result is personalized
 * and each participant's forwarder gets its part.
 */
public final class PersonalizedReply extends ReplyScheme {
    private final ReplyPersonalizer personalizer;
    private final ReplyScheme inner;

    /**
     * @param personalizer splits one result into one per participant
     * @param inner        produces the result: {@link ReturnReply}, {@link CombineReply} or {@link ForwardReply}
     * @throws ConfigurationException when an argument is null or the inner scheme produces no result to split
     */
    public PersonalizedReply(ReplyPersonalizer personalizer, ReplyScheme inner) {
        if (personalizer == null) {
            throw new ConfigurationException("PersonalizedReply: the personalizer is null");
        }
        if (!(inner instanceof ReturnReply || inner instanceof CombineReply || inner instanceof ForwardReply)) {
            throw new ConfigurationException("PersonalizedReply: the inner scheme must produce a result to"
                    + " personalize (return, combine or forward), not " + inner);
        }
        this.personalizer = personalizer;
        this.inner = inner;
    }

    /** The reply personalizer. */
    public ReplyPersonalizer personalizer() {
        return personalizer;
    }

    /** The scheme that produces the result. */
    public ReplyScheme inner() {
        return inner;
    }

    @Override
    public String toString() {
        return "personalized(" + personalizer.getClass().getName() + ", " + inner + ")";
    }
}
