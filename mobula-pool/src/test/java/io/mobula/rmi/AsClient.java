package io.mobula.rmi;

import java.util.concurrent.Callable;

/** Test access to {@link RemoteClient#enter}: runs code as if it served a call from {@code client}. */
public final class AsClient {
    private AsClient() {
    }

    public static <T> T call(RemoteClient client, Callable<T> body) throws Exception {
        RemoteClient prev = RemoteClient.enter(client);
        try {
            return body.call();
        } finally {
            RemoteClient.restore(prev);
        }
    }
}
