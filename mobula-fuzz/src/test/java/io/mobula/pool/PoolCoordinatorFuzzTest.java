package io.mobula.pool;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mobula.fuzz.Oracle;
import io.mobula.rmi.CallResult;
import io.mobula.rmi.FuzzRuntime;
import io.mobula.rmi.Invocation;
import io.mobula.rmi.RemoteClient;
import io.mobula.serial.SerialException;
import io.mobula.serial.SerialReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.rmi.RemoteException;
import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.regex.Pattern;

/**
 * The pool protocol: a call to the pool coordinator's dispatcher with hostile argument bytes, decoded as the runtime
 * does, then run on a coordinator that holds two running pools: {@code solo}, joined in this process, and
 * {@code team}, joined by the remote process 7. The caller is process 7 or a stranger (8). Calls that would wait
 * (join of an incomplete pool, barrier, await) run with the thread's interrupt flag set, so they give up at once as
 * they would at their time-out. Property: decoding throws only {@link SerialException} (never because memory or
 * stack ran out); the call ends normally or with what {@link PoolCoordinator} declares, or with a
 * {@link NullPointerException} for a null argument or a {@link ClassCastException} for a collection argument holding
 * elements of another class (as java.rmi passes an unchecked exception back to its caller).
 *
 * <p>Input: method id (1), flags (1: bit 0 the caller is the stranger, bit 1 trailer, bit 2 little endian), then the argument bytes.
 */
class PoolCoordinatorFuzzTest {
    private static final PoolCoordinator_MobulaDispatcher DISPATCHER = new PoolCoordinator_MobulaDispatcher();
    private static final RemoteClient MEMBER = new RemoteClient("192.0.2.7", 7, "tcp", false, 7);
    private static final RemoteClient STRANGER = new RemoteClient("192.0.2.8", 8, "tcp", false, 8);
    private static final HostIdentity HOST = new HostIdentity("fuzz-host", "", "");
    /**
     * The lease checks of every input's coordinator: one thread for the JVM instead of one per input (starting and
     * stopping it cost more than the call). With a 10-minute lease the check never runs during an input, as before.
     */
    private static final ScheduledThreadPoolExecutor REAPER = reaper();
    /** Null arguments of the interface's methods, in the helpful message of the exception they cause. */
    private static final Pattern NULL_ARGUMENT = Pattern.compile(
            "key|value|.*because \"(pool|me|keys|key|value|detail)\" is null");

    private static ScheduledThreadPoolExecutor reaper() {
        ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "fuzz-pool-reaper");
            t.setDaemon(true);
            return t;
        });
        e.setRemoveOnCancelPolicy(true); // a coordinator's shutdown takes its check out of the queue
        return e;
    }

    @FuzzTest
    void call(byte[] input) throws Exception {
        if (input.length < 2) {
            return;
        }
        int method = input[0] & 0xff;
        int flags = input[1];
        PoolCoordinatorImpl coordinator = new PoolCoordinatorImpl(FailureDetection.forLease(Duration.ofMinutes(10)),
                (m, from, timeout) -> LivenessProbe.Answer.UNKNOWN, REAPER); // knocks on nothing
        try {
            coordinator.join("solo", 1, new Member(0, "tcp://127.0.0.1:1", HOST, 1, null), 0);
            FuzzRuntime.asClient(MEMBER, () -> coordinator.join("team", 1,
                    new Member(0, "tcp://192.0.2.7:1", HOST, 2, null), 0));
            SerialReader reader = FuzzRuntime.serialization().newReader();
            Invocation inv;
            try {
                reader.beginMessage(ByteBuffer.wrap(input, 2, input.length - 2)
                    .order((flags & 4) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN), (flags & 2) != 0);
                if (method >= DISPATCHER.methodCount()) {
                    return;
                }
                inv = DISPATCHER.decode(coordinator, method, reader);
            } catch (SerialException e) {
                Oracle.serial(e);
                return;
            }
            FuzzRuntime.asClient((flags & 1) != 0 ? STRANGER : MEMBER, () -> {
                Thread.currentThread().interrupt();
                try {
                    inv.invoke(new CallResult());
                } catch (PoolException | RemoteException expected) {
                    // what the interface declares (AccessException for a caller that is not the rank it names)
                } catch (NullPointerException e) {
                    if (e.getMessage() == null || !NULL_ARGUMENT.matcher(e.getMessage()).matches()) {
                        throw e;
                    }
                } catch (ClassCastException e) {
                    // a collection argument with elements of another class (await's keys): the dispatcher checks the
                    // collection's class, not its elements' (as java.rmi), so the method fails and its caller gets
                    // the exception
                    if (!e.getStackTrace()[0].getClassName().equals(PoolCoordinatorImpl.class.getName())) {
                        throw e;
                    }
                } catch (Throwable t) {
                    throw new AssertionError("pool coordinator call failed with " + t, t);
                } finally {
                    Thread.interrupted();
                }
                return null;
            });
        } finally {
            coordinator.shutdown();
        }
    }

}
