package io.mobula.rmi.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.rmi.RegistryAccess;
import io.mobula.rmi.RegistryListener;
import io.mobula.rmi.RmiConfig;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a bridge's mirror sees of this process's registry. */
class RegistryListenerTest {

    private static final class Recorder implements RegistryListener {
        final List<String> events = new ArrayList<>();

        @Override
        public synchronized void bound(String name, Remote obj) {
            events.add("bound " + name);
        }

        @Override
        public synchronized void unbound(String name) {
            events.add("unbound " + name);
        }

        synchronized List<String> take() {
            List<String> out = List.copyOf(events);
            events.clear();
            return out;
        }
    }

    @Test
    void aListenerSeesTheBindingsThenEveryChangeInOrder() throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", SharedRegistry.port());
        Remote someStub = registry; // any remote object will do: the registry's own stub
        registry.rebind("listened-a", someStub);
        Recorder r = new Recorder();
        RegistryAccess.addListener(r);
        try {
            assertTrue(r.take().contains("bound listened-a"), "the present bindings are replayed");
            registry.rebind("listened-b", someStub);
            registry.unbind("listened-a");
            assertThrows(java.rmi.NotBoundException.class, () -> registry.unbind("listened-a"));
            registry.bind("listened-a", someStub);
            assertEquals(List.of("bound listened-b", "unbound listened-a", "bound listened-a"), r.take(),
                    "a failed unbind is no event");
        } finally {
            RegistryAccess.removeListener(r);
            registry.unbind("listened-a");
            registry.unbind("listened-b");
        }
        registry.rebind("listened-c", someStub);
        assertEquals(List.of(), r.take(), "a removed listener hears nothing");
        registry.unbind("listened-c");
    }

    @Test
    void theJrmpPortIsOffByDefaultAndChecked() {
        assertEquals(RmiConfig.JRMP_OFF, RmiConfig.fromSystemProperties().jrmpPort());
        assertEquals(2099, RmiConfig.fromSystemProperties().withJrmpPort(2099).jrmpPort());
        assertThrows(IllegalArgumentException.class, () -> RmiConfig.fromSystemProperties().withJrmpPort(-2));
        assertThrows(IllegalArgumentException.class, () -> RmiConfig.fromSystemProperties().withJrmpPort(65536));
    }
}
