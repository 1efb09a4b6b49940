package io.mobula.rmi.registry;

import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.util.Objects;
import java.util.concurrent.ConcurrentSkipListMap;

/** The registry object: a concurrent map from names to stubs. */
final class RegistryImpl implements Registry {
    private final ConcurrentSkipListMap<String, Remote> bindings = new ConcurrentSkipListMap<>();

    @Override
    public Remote lookup(String name) throws NotBoundException {
        Remote r = bindings.get(Objects.requireNonNull(name, "name"));
        if (r == null) {
            throw new NotBoundException(name);
        }
        return r;
    }

    @Override
    public void bind(String name, Remote obj) throws AlreadyBoundException {
        if (bindings.putIfAbsent(Objects.requireNonNull(name, "name"), Objects.requireNonNull(obj, "obj")) != null) {
            throw new AlreadyBoundException(name);
        }
    }

    @Override
    public void unbind(String name) throws NotBoundException {
        if (bindings.remove(Objects.requireNonNull(name, "name")) == null) {
            throw new NotBoundException(name);
        }
    }

    @Override
    public void rebind(String name, Remote obj) {
        bindings.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(obj, "obj"));
    }

    @Override
    public String[] list() {
        return bindings.keySet().toArray(new String[0]);
    }
}
