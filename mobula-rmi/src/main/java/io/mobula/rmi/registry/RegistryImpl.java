package io.mobula.rmi.registry;

import io.mobula.rmi.RegistryAccess;
import io.mobula.rmi.RemoteClient;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.rmi.AccessException;
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The registry object: a concurrent map from names to stubs. As in java.rmi, only callers on this host may bind,
 * rebind and unbind ({@link RemoteClient#fromLocalHost()}), unless they are trusted binders; lookup and list are
 * open to everyone. A call made directly in this process (not through RMI) is local. Changes are serialized, so
 * the {@link io.mobula.rmi.RegistryListener}s (a bridge's mirror) see them in the order they took effect.
 */
final class RegistryImpl implements Registry {
    /** The system property naming the remote hosts allowed to bind: a comma-separated list, or "*" / "true". */
    static final String ALLOW_REMOTE_BIND = "mobula.registry.allowRemoteBind";

    private final ConcurrentSkipListMap<String, Remote> bindings = new ConcurrentSkipListMap<>();
    private final boolean anyBinder;
    private final Set<InetAddress> trustedBinders;

    /**
     * @param remoteBinders hosts (names or addresses, resolved now) besides this one that may bind, or "*" for any
     * @throws IllegalArgumentException when a host name cannot be resolved
     */
    RegistryImpl(Collection<String> remoteBinders) {
        boolean any = false;
        Set<InetAddress> trusted = new HashSet<>();
        for (String h : remoteBinders) {
            String host = h.strip();
            if (host.equals("*")) {
                any = true;
            } else if (!host.isEmpty()) {
                try {
                    trusted.addAll(Set.of(InetAddress.getAllByName(host)));
                } catch (UnknownHostException e) {
                    throw new IllegalArgumentException("trusted registry binder " + host + " is an unknown host");
                }
            }
        }
        this.anyBinder = any;
        this.trustedBinders = Set.copyOf(trusted);
    }

    /** The binders {@link #ALLOW_REMOTE_BIND} names: none when unset or "false", every host for "true" or "*". */
    static Collection<String> remoteBindersFromSystemProperty() {
        String v = System.getProperty(ALLOW_REMOTE_BIND, "").strip();
        if (v.isEmpty() || v.equalsIgnoreCase("false")) {
            return Set.of();
        }
        if (v.equalsIgnoreCase("true")) {
            return Set.of("*");
        }
        return List.of(v.split(","));
    }

    /** Refuses {@code op} unless the caller is on this host or trusted (java.rmi's RegistryImpl.checkAccess). */
    private void checkAccess(String op) throws AccessException {
        RemoteClient c = RemoteClient.current();
        if (c == null || anyBinder || c.fromLocalHost() || trustedBinders.contains(c.address())) {
            return;
        }
        throw new AccessException("Registry." + op + " disallowed; origin " + c.host() + " is non-local host"
                + " (a registry trusts remote binders only when told to: " + ALLOW_REMOTE_BIND + ")");
    }

    @Override
    public Remote lookup(String name) throws NotBoundException {
        Remote r = bindings.get(Objects.requireNonNull(name));
        if (r == null) {
            throw new NotBoundException(name);
        }
        return r;
    }

    @Override
    public synchronized void bind(String name, Remote obj) throws AlreadyBoundException, AccessException {
        checkAccess("bind");
        if (bindings.putIfAbsent(Objects.requireNonNull(name), Objects.requireNonNull(obj)) != null) {
            throw new AlreadyBoundException(name);
        }
        RegistryAccess.bound(this, name, obj);
    }

    @Override
    public synchronized void unbind(String name) throws NotBoundException, AccessException {
        checkAccess("unbind");
        if (bindings.remove(Objects.requireNonNull(name)) == null) {
            throw new NotBoundException(name);
        }
        RegistryAccess.unbound(this, name);
    }

    @Override
    public synchronized void rebind(String name, Remote obj) throws AccessException {
        checkAccess("rebind");
        bindings.put(Objects.requireNonNull(name), Objects.requireNonNull(obj));
        RegistryAccess.bound(this, name, obj);
    }

    @Override
    public String[] list() {
        return bindings.keySet().toArray(new String[0]);
    }
}
