package io.mobula.repmi;

import io.mobula.repmi.spi.CloudHandle;

/** The runtime side of a replication reference: reads on the local replica, writes through the runtime. */
final class ReplicaHandle implements CloudHandle {
    private final RepmiRuntime rt;
    private final Replica replica;
    /** The frame of every read through this reference (a blocking read waits through it). */
    private final CloudContext.ReadFrame read;

    ReplicaHandle(RepmiRuntime rt, Replica replica) {
        this.rt = rt;
        this.replica = replica;
        this.read = new CloudContext.ReadFrame(rt.readWaits, replica.name, rt.timeoutNanos);
    }

    @Override
    public boolean isRead(int method) {
        return replica.reads[method];
    }

    @Override
    public Object root() {
        return replica.root;
    }

    @Override
    public Object beginRead() {
        rt.checkRunning();
        return CloudContext.set(read);
    }

    @Override
    public void endRead(Object token) {
        CloudContext.set((CloudContext.Frame) token);
    }

    @Override
    public Object write(int method, Object parameters) throws Throwable {
        return rt.write(replica.id, method, parameters, () -> "'" + replica.name + "'." + replica.skeleton.methods()
                .get(method));
    }

    @Override
    public String describe() {
        return replica.rootInterface.getSimpleName() + " '" + replica.name + "' (" + replica.root.getClass()
                .getSimpleName() + ")";
    }

    @Override
    public String name() {
        return replica.name;
    }
}
