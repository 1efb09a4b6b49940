package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.registry.LocateRegistry;
import io.mobula.rmi.registry.Registry;
import io.mobula.rmi.registry.SharedRegistry;
import java.rmi.RemoteException;
import org.junit.jupiter.api.Test;

/** A caller compiled against another version of an interface gets a clear error, never a wrong method. */
class InterfaceMismatchTest {

    @Test
    void aDifferentMethodHashIsRefusedBeforeAnyMethodRuns() throws Exception {
        Registry remote = LocateRegistry.getRegistry("127.0.0.1", SharedRegistry.port());
        RemoteRef ref = RemoteStub.refOf((RemoteStub) remote);
        Call call = ref.newCall(0x1234_5678L, 1, 0); // as a stub of a changed Registry would send it
        InterfaceMismatchException e = assertThrows(InterfaceMismatchException.class,
                () -> call.invokeObject(String[].class));
        assertTrue(e.getMessage().contains(Registry.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains("recompile"), e.getMessage());
        remote.list(); // the connection is fine afterwards
    }

    @Test
    void anUnknownMethodIdIsRefused() throws Exception {
        Registry remote = LocateRegistry.getRegistry("127.0.0.1", SharedRegistry.port());
        RemoteRef ref = RemoteStub.refOf((RemoteStub) remote);
        Call call = ref.newCall(io.mobula.rmi.registry.Registry_MobulaDispatcher.INTERFACE_HASH, 99, 0);
        RemoteException e = assertThrows(RemoteException.class, call::invokeVoid);
        assertTrue(e.getMessage().contains("no method 99"), e.getMessage());
    }
}
