package io.mobula.transport;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JFR event spanning the life of one connection, committed when it closes with its counters. One per
 * connection, never per frame: per-frame events would cost more than the frames on a fast path.
 * Callers ask {@link jdk.jfr.FlightRecorder#isInitialized()} first: loading an event class registers it with JFR,
 * about 0.2 s of start-up, which a process that never records does not pay.
 */
@Name("io.mobula.transport.Connection")
@Label("Mobula Connection")
@Category({"Mobula", "Transport"})
@Description("Lifetime and traffic of one transport connection")
@StackTrace(false)
final class ConnectionEvent extends Event {

    @Label("Technology")
    String technology;

    @Label("Remote Endpoint")
    String remote;

    @Label("Frames Sent")
    long framesSent;

    @Label("Bytes Sent")
    @DataAmount
    long bytesSent;

    @Label("Frames Received")
    long framesReceived;

    @Label("Bytes Received")
    @DataAmount
    long bytesReceived;

    @Label("Close Cause")
    @Description("Empty on an orderly close")
    String cause;
}
