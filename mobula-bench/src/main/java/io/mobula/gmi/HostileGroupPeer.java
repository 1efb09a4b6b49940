package io.mobula.gmi;

/**
 * Sends raw messages to another process's {@link GroupPort}, as a member that does not follow GMI's protocol could
 * ({@code bench hostile}, io.mobula.bench.hostile.HostileMember). It lives in GMI's package because the port and its
 * messages are package-private: an attacker holding the cluster secret speaks them all the same, as
 * {@code GroupPortFuzzTest} does in-process. Not part of GMI: nothing in the runtime uses it.
 */
public final class HostileGroupPeer {
    private HostileGroupPeer() {
    }

    /**
     * Sends {@code header} and {@code parameters} as an invocation of member {@code memberRank} to the GMI port of
     * pool rank {@code poolRank} (this process must have joined GMI through a pool).
     *
     * @throws java.rmi.RemoteException when the message could not be sent
     */
    public static void invoke(int poolRank, int memberRank, byte[] header, byte[] parameters)
            throws java.rmi.RemoteException {
        GmiRuntime.get().port(poolRank).invoke(memberRank, header, parameters);
    }

    /**
     * A well-formed header ({@link InvokeHeader}) of an invocation of method {@code method} on member {@code rank} of
     * {@code group}, from pool rank {@code origin}, whose results every member drops ({@link DiscardReply}).
     */
    public static byte[] discardingHeader(String group, int method, int rank, int origin, long call) {
        return InvokeHeader.encode(new GroupMessages.Invoke(group, method, rank, origin, call,
                GroupMessages.REPLY_NONE, rank, null, false, null), null);
    }
}
