package io.mobula.rmi;

/**
 * Counters of this process's RMI runtime since it started.
 *
 * @param callsMade          remote calls that got a reply (or an exception) from another process
 * @param callsServed        calls from other processes that were decoded and run here
 * @param localCalls         calls to objects of this process, through the local short-cut
 * @param connectionsOpened  connections opened or accepted
 * @param connectionsLost    connections closed or broken
 * @param exportedObjects    objects exported now
 * @param authFailures       connections this process dropped because the peer failed the handshake: a wrong or missing
 *                           cluster secret, a frame other than the answer before authentication, no handshake within
 *                           {@link RmiConfig#handshakeTimeout()}, or a peer offering no authentication to a process
 *                           that requires it
 */
public record RmiCounters(long callsMade, long callsServed, long localCalls, long connectionsOpened,
                          long connectionsLost, int exportedObjects, long authFailures) {
}
