package io.mobula.bench.rmi;

import java.rmi.RemoteException;

/** Server-side implementation of {@link BenchRemote}, shared by every RMI system. */
public final class BenchRemoteImpl implements BenchRemote {
    private volatile BenchCallback callback;
    private volatile Object last;

    @Override
    public void ping() {
    }

    @Override
    public void ping(int a, int b) {
    }

    @Override
    public void ping(int a, int b, float c, float d) {
    }

    @Override
    public void voidPing(Object o) {
        last = o;
    }

    @Override
    public Object ping(Object o) {
        return o;
    }

    @Override
    public void voidPingpong(Object o) throws RemoteException {
        callback().voidPong(o);
    }

    @Override
    public Object pingpong(Object o) throws RemoteException {
        return callback().pong(o);
    }

    @Override
    public Object star(Object o) {
        return o;
    }

    @Override
    public void setCallback(BenchCallback callback) {
        this.callback = callback;
    }

    @Override
    public Object lastReceived() {
        return last;
    }

    private BenchCallback callback() throws RemoteException {
        BenchCallback cb = callback;
        if (cb == null) {
            throw new RemoteException("no callback registered");
        }
        return cb;
    }
}
