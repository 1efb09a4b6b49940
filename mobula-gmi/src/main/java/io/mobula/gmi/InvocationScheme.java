package io.mobula.gmi;

/**
 * How invocations of a group method are forwarded (thesis 5.2.3): to one member ({@link SingleInvocation}), to all or
 * some ({@link GroupInvocation}), to all with personalized parameters ({@link PersonalizedInvocation}), or first
 * combined with the invocations of other group references ({@link CombinedInvocation}).
 */
public abstract sealed class InvocationScheme
        permits SingleInvocation, GroupInvocation, PersonalizedInvocation, CombinedInvocation {
    InvocationScheme() {
    }

    /** A short description for messages, such as {@code "single(2)"}. */
    @Override
    public abstract String toString();
}
