package io.mobula.rmi.exceptions;

import io.mobula.rmi.Call;
import io.mobula.rmi.RemoteRef;
import io.mobula.rmi.RemoteStub;
import java.io.IOException;
import java.io.Serial;

/** Stub of {@link Thrower}, written by hand in the shape mobula-processor generates. */
public final class Thrower_MobulaStub extends RemoteStub implements Thrower {
    @Serial
    private static final long serialVersionUID = 1L;
    private static final long HASH = Thrower_MobulaDispatcher.INTERFACE_HASH;

    public Thrower_MobulaStub(RemoteRef ref) {
        super(ref);
    }

    @Override
    public void raise(String kind) throws Exception {
        Call call = ref.newCall(HASH, Thrower_MobulaDispatcher.RAISE, 0);
        try {
            call.arguments().writeString(kind);
        } catch (IOException e) {
            throw call.marshalFailed(e);
        }
        try {
            call.invokeVoid();
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw Call.unexpected(t);
        }
    }
}
