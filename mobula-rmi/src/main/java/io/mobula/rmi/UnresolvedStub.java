package io.mobula.rmi;

import java.io.Serial;

/**
 * A reference whose remote interfaces this process cannot load: a standalone registry without the application's
 * classes holds bound objects as these. It implements only {@link java.rmi.Remote}, so nothing can be called
 * through it, but it travels exactly as it arrived (the same interface names, hashes, endpoints and identity), and
 * a process that has the classes rebuilds a real stub from it. It is equal to every other stub of the same object.
 * It is also the stub of an object whose only remote interface is {@code Remote} itself.
 */
final class UnresolvedStub extends RemoteStub {
    @Serial
    private static final long serialVersionUID = 1L;

    UnresolvedStub(RemoteRef ref) {
        super(ref);
    }

    @Override
    public String toString() {
        return "UnresolvedStub[" + ref + "]";
    }
}
