package io.mobula.serial;

import java.lang.invoke.MethodHandles;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The access a named module gives Mobula to its own classes. Java serialization reads and writes private state
 * of any class without {@code opens}; Mobula's runtime fallback (exceptions, classes with serialization hooks) needs
 * a private lookup, which a class of a named module only grants when its package is open to Mobula. So the code the
 * Mobula annotation processor generates into the module (stubs and dispatchers) hands over the module's own
 * lookup as it is initialized, and the fallback takes its private lookups through it: a modular program works with
 * {@code requires io.mobula.rmi;} alone, as it would with java.rmi. A module can only grant access to itself.
 */
public final class ModuleAccess {
    private static final Map<Module, MethodHandles.Lookup> GRANTED = new ConcurrentHashMap<>();

    private ModuleAccess() {
    }

    /**
     * Lets Mobula's serialization read and write the classes of the module of {@code lookup}'s class as Java
     * serialization would. For generated code: {@code ModuleAccess.grant(MethodHandles.lookup())}.
     *
     * @param lookup a lookup with full privilege access (from {@code MethodHandles.lookup()})
     * @throws IllegalArgumentException when it has less than full privilege access
     */
    public static void grant(MethodHandles.Lookup lookup) {
        if (!lookup.hasFullPrivilegeAccess()) {
            throw new IllegalArgumentException("a lookup with full privilege access is needed: " + lookup);
        }
        Module m = lookup.lookupClass().getModule();
        if (m.isNamed()) {
            GRANTED.putIfAbsent(m, lookup);
        }
    }

    /**
     * A private lookup in {@code c}: through the access its module granted, if it did, else through Mobula's own
     * (which works for the class path and for packages opened to Mobula).
     *
     * @throws IllegalAccessException when neither gives access
     */
    static MethodHandles.Lookup privateLookupIn(Class<?> c) throws IllegalAccessException {
        MethodHandles.Lookup granted = GRANTED.get(c.getModule());
        if (granted != null) {
            return MethodHandles.privateLookupIn(c, granted);
        }
        return MethodHandles.privateLookupIn(c, MethodHandles.lookup());
    }
}
