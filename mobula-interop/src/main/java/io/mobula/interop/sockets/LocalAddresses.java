package io.mobula.interop.sockets;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether an address belongs to this host (loopback, or an address of one of its interfaces): only connections to
 * such addresses are offered shared memory, so that connections to other hosts cost no extra round trip. Answers
 * are cached; the cache is bounded.
 */
final class LocalAddresses {

    private static final int MAX_CACHED = 1024;
    private final ConcurrentHashMap<InetAddress, Boolean> cache = new ConcurrentHashMap<>();

    boolean isLocal(InetAddress address) {
        if (address.isLoopbackAddress() || address.isAnyLocalAddress()) {
            return true;
        }
        Boolean known = cache.get(address);
        if (known != null) {
            return known;
        }
        boolean local;
        try {
            local = NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            local = false;
        }
        if (cache.size() >= MAX_CACHED) {
            cache.clear();
        }
        cache.put(address, local);
        return local;
    }
}
