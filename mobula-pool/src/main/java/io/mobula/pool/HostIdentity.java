package io.mobula.pool;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Which machine a process runs on, as far as sharing memory is concerned: two processes may talk through shared
 * memory only if their identities are equal. The identity is the host name, the kernel's boot id
 * ({@code /proc/sys/kernel/random/boot_id}: a new one per boot, so a reused host name is told apart) and the network
 * namespace ({@code /proc/self/ns/net}): processes in different network namespaces — containers, or the test's
 * {@code ip netns} "hosts" — count as different hosts, the conservative choice, since such processes usually do not
 * see the same {@code /dev/shm} either. The system property {@code mobula.hostId} overrides all of it.
 *
 * @param hostName     the host name (or the override)
 * @param bootId       the boot id, empty where unreadable
 * @param netNamespace the network namespace, e.g. {@code net:[4026531840]}, empty where unreadable
 */
public record HostIdentity(String hostName, String bootId, String netNamespace) implements Serializable {
    private static final long serialVersionUID = 1L;
    private static volatile HostIdentity local;

    public HostIdentity {
        Objects.requireNonNull(hostName, "hostName");
        Objects.requireNonNull(bootId, "bootId");
        Objects.requireNonNull(netNamespace, "netNamespace");
    }

    /** The identity of this process's host (computed once). */
    public static HostIdentity local() {
        HostIdentity h = local;
        if (h == null) {
            local = h = compute();
        }
        return h;
    }

    private static HostIdentity compute() {
        String override = System.getProperty("mobula.hostId");
        if (override != null && !override.isBlank()) {
            return new HostIdentity(override.strip(), "", "");
        }
        return new HostIdentity(localHostName(), read(Path.of("/proc/sys/kernel/random/boot_id")), localNetNamespace());
    }

    private static String localHostName() {
        String env = System.getenv("HOSTNAME");
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return env != null ? env : "localhost";
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p).strip();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static String localNetNamespace() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/ns/net")).toString();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** Whether a process with identity {@code other} runs on the same host as one with this identity. */
    public boolean sameHost(HostIdentity other) {
        return equals(other);
    }

    /** A compact printable form, {@code host/bootId/netns}. */
    public String id() {
        return hostName + "/" + bootId + "/" + netNamespace;
    }

    @Override
    public String toString() {
        return id();
    }
}
