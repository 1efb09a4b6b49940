package io.mobula.gmi;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JFR event per group method invocation made through a group reference: the group, the method, its schemes, how
 * long the invoker was held, and how it ended. Costs one field read when no recording enables it.
 * Callers ask {@link jdk.jfr.FlightRecorder#isInitialized()} first: loading an event class registers it with JFR,
 * about 0.2 s of start-up, which a process that never records does not pay.
 */
@Name("io.mobula.gmi.Invocation")
@Label("Mobula Group Invocation")
@Category({"Mobula", "GMI"})
@Description("One group method invocation, as its invoker saw it")
@StackTrace(false)
final class GroupInvocationEvent extends Event {
    private static final EventType TYPE = EventType.getEventType(GroupInvocationEvent.class);

    @Label("Group")
    String group;

    @Label("Method")
    String method;

    @Label("Forwarding")
    String forwarding;

    @Label("Reply")
    String reply;

    @Label("Outcome")
    @Description("ok, thrown (a member or combiner threw) or failed (the runtime failed: lost member, timeout)")
    String outcome;

    static boolean enabled() {
        return TYPE.isEnabled();
    }
}
