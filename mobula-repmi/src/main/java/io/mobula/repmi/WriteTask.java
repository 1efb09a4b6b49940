package io.mobula.repmi;

import io.mobula.repmi.spi.CloudClassInfo;
import io.mobula.repmi.spi.CloudSkeleton;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One delivered write (or cloud creation) in this process: decoded, then run on its own thread when the
 * {@link WriteScheduler} selects it, with the thread marked as running a write of its cloud. The writer's process
 * hands the local result to the waiting caller. Once decoded, the task lets go of the payload's bytes (the fail-over
 * log keeps them, bounded, as long as they may be needed), and its bytes count against
 * {@link Delivery#START_AHEAD_BYTES} until it is applied or blocks in {@code cloudWait}.
 */
final class WriteTask implements CloudContext.Scheduling, Runnable {
    final long seq;
    private final RepmiMessages.Deliver d;
    /** The payload until it is decoded (null after). */
    private byte[] payload;
    /** The payload's size, counted against the bytes of started writes until {@link #settle}. */
    private final long bytes;
    /** Whether {@link #bytes} were given back ({@link Delivery#settled}); only this task's thread reads it. */
    private boolean settled;
    private final RepmiRuntime rt;
    /** The object this write waits on in {@code cloudWait}, or null. */
    volatile Object waitingOn;
    /**
     * Whether the write runs on a thread others may interrupt (its writer's own thread, or one that took a message in
     * and ran the write afterwards): such interrupts are held back until the write is done
     * ({@link #runHoldingInterrupts}).
     */
    boolean holdsInterrupts;
    /** An interrupt came while this write ran holding interrupts; set by the running thread only. */
    boolean interruptedWhileRunning;

    WriteTask(RepmiRuntime rt, RepmiMessages.Deliver d, byte[] payload) {
        this.rt = rt;
        this.d = d;
        this.seq = d.seq();
        this.payload = payload;
        this.bytes = payload == null ? 0 : payload.length;
    }

    @Override
    public void await(CloudObject o) throws InterruptedException {
        settle(); // a blocked write no longer holds back the writes after it
        rt.scheduler.await(this, o);
    }

    /** Gives this write's bytes back to the budget of started writes, once. */
    private void settle() {
        if (!settled) {
            settled = true;
            rt.delivery.settled(bytes);
        }
    }

    @Override
    public void notify(CloudObject o, boolean all) {
        rt.scheduler.notify(o, all);
        rt.readWaits.wake(o); // blocking reads on this replica (one volatile read when none waits)
    }

    /** The write's writer (a pool rank) and its call number there. */
    int origin() {
        return d.origin();
    }

    long call() {
        return d.call();
    }

    /**
     * Runs the write on the calling thread (the application thread that made it and waited for it, or one that took a
     * message in): an interrupt of that thread, before or while it runs, is passed on once the write is done, never
     * to the write, so that this replica runs it as every other replica does.
     */
    void runHoldingInterrupts() {
        holdsInterrupts = true;
        boolean interrupted = Thread.interrupted();
        try {
            run();
        } finally {
            if (interrupted || interruptedWhileRunning || Thread.interrupted()) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void run() {
        try {
            runWrite();
        } finally {
            settle();
        }
    }

    private void runWrite() {
        if (d.method() == RepmiMessages.NOOP || d.method() == RepmiMessages.JOIN) {
            runProtocol();
            return;
        }
        Object decoded = null;
        Throwable failed = null;
        try {
            if (payload != null) {
                byte[] p = payload;
                payload = null; // the decoded arguments are all this task needs
                decoded = rt.decode(p);
            } else {
                // only a second copy runs without its payload (its call is below its writer's floor): skipped below
                failed = new CloudException("write " + seq + " has no payload here");
            }
        } catch (CloudException e) {
            failed = e;
        }
        Object result = null;
        Throwable thrown = failed;
        try {
            rt.scheduler.awaitTurn(this);
        } catch (InterruptedException e) {
            thrown = new CloudException("replica shut down before write " + seq + " ran", e);
            rt.delivery.markApplied();
            rt.scheduler.finish(this);
            rt.complete(d, null, thrown);
            return;
        }
        if (!rt.delivery.firstCopy(d)) {
            skip();
            return;
        }
        // looked up only now, in turn: the cloud's creation may be an earlier write that had not run when this
        // write was taken in (a replica that drains a backlog starts every write's thread at once)
        Replica replica = d.method() == RepmiMessages.CREATE ? null : rt.replica(d.cloud());
        AtomicLong hashes = replica != null ? replica.hashes : new AtomicLong(seq << 32);
        if (thrown == null && replica == null && d.method() != RepmiMessages.CREATE) {
            thrown = new CloudException("write " + seq + " is for cloud " + d.cloud() + ", unknown here");
        }
        if (thrown != null) {
            rt.runtimeFailure(d, thrown); // not the method's own outcome: this replica may now differ
        }
        CloudContext.Frame old = CloudContext.set(new CloudContext.WriteFrame(this, hashes));
        try {
            if (thrown == null) {
                if (d.method() == RepmiMessages.CREATE) {
                    result = create((RepmiMessages.Create) decoded, hashes);
                } else {
                    result = replica.skeleton.invoke(replica.root, d.method(), decoded);
                }
            }
        } catch (Throwable t) {
            thrown = t;
        } finally {
            CloudContext.set(old);
            rt.delivery.markApplied();
            rt.scheduler.finish(this);
        }
        rt.complete(d, result, thrown);
    }

    /**
     * A slot of the order that runs no cloud method: a no-op (a number no surviving replica received), or a JOIN
     * (the joiner becomes a member; the sequencer's replica sends it the state as of this slot, holding the turn).
     */
    private void runProtocol() {
        Throwable thrown = null;
        boolean copy = false;
        try {
            rt.scheduler.awaitTurn(this);
            copy = !rt.delivery.firstCopy(d);
            if (!copy && d.method() == RepmiMessages.JOIN) {
                rt.joins.onJoin(d);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            thrown = e;
        } catch (RuntimeException e) {
            thrown = e;
        } finally {
            rt.delivery.markApplied();
            rt.scheduler.finish(this);
        }
        if (!copy) {
            rt.complete(d, null, thrown);
        }
    }

    /**
     * A second copy of a write the order took before (a fail-over sequenced it twice): its slot passes as nothing on
     * every replica, and its writer keeps the first copy's result.
     */
    private void skip() {
        rt.delivery.markApplied();
        rt.scheduler.finish(this);
    }

    private Long create(RepmiMessages.Create c, AtomicLong hashes) throws Throwable {
        if (rt.byName(c.name()) != null) {
            throw new CloudException("a cloud named '" + c.name() + "' exists already");
        }
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        if (cl == null) {
            cl = WriteTask.class.getClassLoader();
        }
        Class<?> rootClass = Class.forName(c.rootClass(), true, cl);
        Class<?> iface = Class.forName(c.rootInterface(), true, cl);
        CloudSkeleton sk = Generated.skeleton(iface);
        CloudClassInfo info = Generated.classInfo(rootClass);
        boolean[] reads = new boolean[sk.methods().size()];
        for (int i = 0; i < reads.length; i++) {
            reads[i] = Generated.isRead(info, sk.methods().get(i));
        }
        Object root = construct(rootClass, c.arguments());
        rt.register(new Replica(seq, c.name(), root, iface, sk, reads, hashes));
        return seq;
    }

    private static Object construct(Class<?> type, Object[] args) throws Throwable {
        for (Constructor<?> k : type.getDeclaredConstructors()) {
            Class<?>[] p = k.getParameterTypes();
            if (p.length != args.length) {
                continue;
            }
            boolean fits = true;
            for (int i = 0; i < p.length && fits; i++) {
                fits = args[i] == null ? !p[i].isPrimitive() : box(p[i]).isInstance(args[i]);
            }
            if (fits) {
                k.setAccessible(true);
                try {
                    return k.newInstance(args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            }
        }
        throw new CloudException(type.getName() + " has no constructor taking " + args.length + " argument(s) of"
                + " the given types");
    }

    private static Class<?> box(Class<?> c) {
        if (!c.isPrimitive()) {
            return c;
        }
        return switch (c.getName()) {
            case "int" -> Integer.class;
            case "long" -> Long.class;
            case "double" -> Double.class;
            case "float" -> Float.class;
            case "boolean" -> Boolean.class;
            case "byte" -> Byte.class;
            case "short" -> Short.class;
            default -> Character.class;
        };
    }
}
