package io.mobula.gmi;

/** Forwards each invocation to the member of one rank, as an RMI does (thesis 5.2.3, "single invocation"). */
public final class SingleInvocation extends InvocationScheme {
    private final int destination;

    /**
     * @param destination the rank of the member that runs the invocations
     * @throws ConfigurationException when {@code destination} is negative (a rank beyond the group's size is refused
     *     by {@link GroupMethod#configure})
     */
    public SingleInvocation(int destination) {
        if (destination < 0) {
            throw new ConfigurationException("SingleInvocation: rank " + destination + " is negative");
        }
        this.destination = destination;
    }

    /** The destination rank. */
    public int destination() {
        return destination;
    }

    @Override
    public String toString() {
        return "single(" + destination + ")";
    }
}
