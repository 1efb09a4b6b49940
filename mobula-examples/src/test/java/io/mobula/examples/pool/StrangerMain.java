package io.mobula.examples.pool;

import io.mobula.pool.PoolCoordinator;
import io.mobula.rmi.Rmi;
import io.mobula.rmi.registry.LocateRegistry;
import java.io.DataInputStream;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.rmi.AccessException;
import java.rmi.ServerException;

/**
 * A process that is no member of a pool and tries to have one declared dead, as an attacker on the host would: it
 * connects to a member's RMI port ({@code args[2]}), reads the VM id from the HELLO the member sends before any
 * authentication, takes that id as its own, and reports rank {@code args[4]} of pool {@code args[3]} unreachable in
 * the name of that member (rank {@code args[5]}) to the coordinator at {@code args[0]:args[1]}. Prints
 * {@code SNIFFED <vm id>}, then {@code REPORT REFUSED <message>} or {@code REPORT ACCEPTED}.
 */
public final class StrangerMain {
    private StrangerMain() {
    }

    public static void main(String[] args) throws Exception {
        long vmId;
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(args[2]))) {
            s.setSoTimeout(10_000);
            DataInputStream in = new DataInputStream(s.getInputStream());
            byte[] hello = in.readNBytes(in.readInt());
            ByteBuffer b = ByteBuffer.wrap(hello).order(hello[0] == 1 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            vmId = b.getLong(1 + 4 + 4); // byte order, magic, version, VM id
        }
        System.out.println("SNIFFED " + Long.toHexString(vmId));
        Rmi.config(); // starts this process's runtime, then presents the sniffed id in every HELLO it sends
        Class<?> rt = Class.forName("io.mobula.rmi.RmiRuntime");
        Field instance = rt.getDeclaredField("instance");
        instance.setAccessible(true);
        Field id = rt.getDeclaredField("vmId");
        id.setAccessible(true);
        id.setLong(instance.get(null), vmId);
        PoolCoordinator c = (PoolCoordinator) LocateRegistry.getRegistry(args[0], Integer.parseInt(args[1]))
                .lookup(PoolCoordinator.NAME);
        try {
            c.report(args[3], Integer.parseInt(args[5]), Integer.parseInt(args[4]), "a stranger says so");
            System.out.println("REPORT ACCEPTED");
        } catch (ServerException e) { // as java.rmi: the coordinator's AccessException arrives wrapped
            if (!(e.getCause() instanceof AccessException a)) {
                throw e;
            }
            System.out.println("REPORT REFUSED " + a.getMessage().replace('\n', ' '));
        } catch (AccessException a) {
            System.out.println("REPORT REFUSED " + a.getMessage().replace('\n', ' '));
        }
        System.out.flush();
        System.exit(0);
    }
}
