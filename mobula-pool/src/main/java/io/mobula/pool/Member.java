package io.mobula.pool;

import java.io.Serializable;
import java.rmi.Remote;

/**
 * One member of a pool as every member sees it.
 *
 * @param rank    0 .. size-1
 * @param address the RMI endpoint the member's runtime listens on, e.g. {@code tcp://10.77.0.2:40123}
 * @param host    where it runs (for choosing shared memory between members on one host)
 * @param pid     its process id, for messages
 * @param service the object the member offered when joining (a stub), or null
 */
public record Member(int rank, String address, HostIdentity host, long pid, Remote service) implements Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * {@code rank 2 (pid 1234 on host/boot/netns, tcp://...)}, for error messages; also for a member a caller sent
     * without a host (the coordinator's reaper and refusals describe it too).
     */
    public String describe() {
        return "rank " + rank + " (pid " + pid + " on " + (host == null ? "an unnamed host" : host.hostName()) + ", " + address
                + ")";
    }
}
