package io.mobula.rmi;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A JFR event per remote call made ({@code side = "client"}) or served ({@code "server"}). The enabled check is one
 * field read, so calls pay nothing when no recording asks for the event.
 * Callers ask {@link jdk.jfr.FlightRecorder#isInitialized()} first: loading an event class registers it with JFR,
 * about 0.2 s of start-up, which a process that never records does not pay.
 */
@Name("io.mobula.rmi.Call")
@Label("Mobula Remote Call")
@Category({"Mobula", "RMI"})
@Description("One remote method invocation, made or served")
@StackTrace(false)
final class CallEvent extends Event {
    private static final EventType TYPE = EventType.getEventType(CallEvent.class);

    @Label("Side")
    String side;

    @Label("Interface")
    String remoteInterface;

    @Label("Method Id")
    int methodId;

    @Label("Bytes Sent")
    @DataAmount
    long bytes;

    @Label("Duration")
    @Timespan
    long nanos;

    @Label("Outcome")
    @Description("ok, thrown (the method threw), failed (the call failed) or one-way")
    String outcome;

    static boolean enabled() {
        return TYPE.isEnabled();
    }

    static void emit(String side, String iface, int methodId, long bytes, long startNanos, String outcome) {
        CallEvent e = new CallEvent();
        e.side = side;
        e.remoteInterface = iface;
        e.methodId = methodId;
        e.bytes = bytes;
        e.nanos = System.nanoTime() - startNanos;
        e.outcome = outcome;
        e.commit();
    }
}
