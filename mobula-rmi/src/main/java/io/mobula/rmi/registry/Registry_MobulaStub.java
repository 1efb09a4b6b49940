package io.mobula.rmi.registry;

import io.mobula.rmi.Call;
import io.mobula.rmi.RemoteRef;
import io.mobula.rmi.RemoteStub;
import java.io.Serial;
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** Stub of {@link Registry}, written by hand in exactly the shape mobula-processor generates. */
public final class Registry_MobulaStub extends RemoteStub implements Registry {
    @Serial
    private static final long serialVersionUID = 1L;
    private static final long HASH = Registry_MobulaDispatcher.INTERFACE_HASH;

    public Registry_MobulaStub(RemoteRef ref) {
        super(ref);
    }

    @Override
    public Remote lookup(String name) throws RemoteException, NotBoundException {
        try (Call call = ref.newCall(HASH, Registry_MobulaDispatcher.LOOKUP, 0)) {
            try {
                call.arguments().writeString(name);
            } catch (Throwable e) {
                throw call.marshalFailed(e);
            }
            return call.invokeObject(Remote.class);
        } catch (RemoteException | NotBoundException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw Call.unexpected(t);
        }
    }

    @Override
    public void bind(String name, Remote obj) throws RemoteException, AlreadyBoundException {
        try (Call call = ref.newCall(HASH, Registry_MobulaDispatcher.BIND, 0)) {
            try {
                call.arguments().writeString(name);
                call.arguments().writeObject(obj);
            } catch (Throwable e) {
                throw call.marshalFailed(e);
            }
            call.invokeVoid();
        } catch (RemoteException | AlreadyBoundException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw Call.unexpected(t);
        }
    }

    @Override
    public void unbind(String name) throws RemoteException, NotBoundException {
        try (Call call = ref.newCall(HASH, Registry_MobulaDispatcher.UNBIND, 0)) {
            try {
                call.arguments().writeString(name);
            } catch (Throwable e) {
                throw call.marshalFailed(e);
            }
            call.invokeVoid();
        } catch (RemoteException | NotBoundException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw Call.unexpected(t);
        }
    }

    @Override
    public void rebind(String name, Remote obj) throws RemoteException {
        try (Call call = ref.newCall(HASH, Registry_MobulaDispatcher.REBIND, 0)) {
            try {
                call.arguments().writeString(name);
                call.arguments().writeObject(obj);
            } catch (Throwable e) {
                throw call.marshalFailed(e);
            }
            call.invokeVoid();
        } catch (RemoteException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw Call.unexpected(t);
        }
    }

    @Override
    public String[] list() throws RemoteException {
        try (Call call = ref.newCall(HASH, Registry_MobulaDispatcher.LIST, 0)) {
            return call.invokeObject(String[].class);
        } catch (RemoteException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw Call.unexpected(t);
        }
    }
}
