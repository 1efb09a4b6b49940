package io.mobula.gmi;

/**
 * How the results of a group method are handled (thesis 5.2.4): discarded ({@link DiscardReply}), one returned
 * ({@link ReturnReply}), all forwarded to a handler ({@link ForwardReply}), combined into one ({@link CombineReply}),
 * or personalized for each participant of a combined invocation ({@link PersonalizedReply}).
 */
public abstract sealed class ReplyScheme permits DiscardReply, ReturnReply, ForwardReply, CombineReply,
        PersonalizedReply {
    ReplyScheme() {
    }

    /** A short description for messages. */
    @Override
    public abstract String toString();
}
