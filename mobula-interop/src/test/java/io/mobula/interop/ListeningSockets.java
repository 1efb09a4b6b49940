package io.mobula.interop;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What listens on a TCP port of this host, from Linux's {@code /proc/net/tcp} and {@code /proc/net/tcp6}. */
final class ListeningSockets {
    private static final String LISTEN = "0A";

    private ListeningSockets() {
    }

    /** The addresses listening on {@code port} (IPv4-mapped IPv6 addresses as IPv4), in the kernel's order. */
    static List<String> addresses(int port) throws IOException {
        List<String> found = new ArrayList<>();
        for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            Path p = Path.of(table);
            if (!Files.exists(p)) {
                continue;
            }
            List<String> lines = Files.readAllLines(p);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                String[] local = f[1].split(":");
                if (f[3].equals(LISTEN) && Integer.parseInt(local[1], 16) == port) {
                    found.add(address(local[0]));
                }
            }
        }
        return found;
    }

    /** A kernel address: 32-bit words in host (little-endian) order. */
    private static String address(String hex) throws UnknownHostException {
        byte[] b = new byte[hex.length() / 2];
        for (int word = 0; word < b.length / 4; word++) {
            for (int i = 0; i < 4; i++) {
                int at = word * 8 + (3 - i) * 2;
                b[word * 4 + i] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        return InetAddress.getByAddress(b).getHostAddress(); // an IPv4-mapped address comes back as IPv4
    }
}
