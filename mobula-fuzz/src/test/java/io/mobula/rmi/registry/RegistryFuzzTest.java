package io.mobula.rmi.registry;

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
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.Set;

/**
 * The registry protocol: a call to the registry's dispatcher with hostile argument bytes, decoded as the runtime
 * does (the RMI serialization's peer reader, an optional type-descriptor trailer), then run on a registry as a
 * caller on this host or on another one. Property: decoding throws only {@link SerialException} (never because
 * memory or stack ran out); the call ends normally or with what {@link Registry} declares, or, as in java.rmi, a
 * {@link NullPointerException} for a null name or object.
 *
 * <p>Input: method id (1), flags (1: bit 0 caller on another host, bit 1 trailer, bit 2 little endian), then the argument bytes.
 */
class RegistryFuzzTest {
    private static final Registry_MobulaDispatcher DISPATCHER = new Registry_MobulaDispatcher();
    private static final RemoteClient LOCAL = new RemoteClient("127.0.0.1", 9, "tcp");
    private static final RemoteClient REMOTE = new RemoteClient("192.0.2.7", 9, "tcp");
    private static final Remote BOUND = new Remote() {
    };

    @FuzzTest
    void call(byte[] input) throws Exception {
        if (input.length < 2) {
            return;
        }
        int method = input[0] & 0xff;
        int flags = input[1];
        RegistryImpl registry = new RegistryImpl(Set.of());
        registry.bind("bound", BOUND);
        SerialReader reader = FuzzRuntime.serialization().newReader();
        Invocation inv;
        try {
            reader.beginMessage(ByteBuffer.wrap(input, 2, input.length - 2)
                    .order((flags & 4) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN), (flags & 2) != 0);
            if (method >= DISPATCHER.methodCount()) {
                return; // the runtime answers ERROR_BAD_METHOD before the dispatcher sees it
            }
            inv = DISPATCHER.decode(registry, method, reader);
        } catch (SerialException e) {
            Oracle.serial(e);
            return;
        }
        FuzzRuntime.asClient((flags & 1) != 0 ? REMOTE : LOCAL, () -> {
            try {
                inv.invoke(new CallResult());
            } catch (RemoteException | NotBoundException | AlreadyBoundException expected) {
                // what the interface declares (AccessException for a refused caller)
            } catch (NullPointerException e) {
                // a null name or object fails without a message, as java.rmi's registry does; an NPE of a bug carries
                // the JDK's helpful message (input lookup-null-name)
                if (e.getMessage() != null) {
                    throw e;
                }
            } catch (Throwable t) {
                throw new AssertionError("registry call failed with " + t, t);
            }
            return null;
        });
    }

}
