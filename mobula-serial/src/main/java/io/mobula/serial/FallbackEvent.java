package io.mobula.serial;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;

/** JFR event, once per class that takes the reflective fallback (the visible slow path). * Callers ask {@link jdk.jfr.FlightRecorder#isInitialized()} first: loading an event class registers it with JFR,
 * about 0.2 s of start-up, which a process that never records does not pay.
 */
@Name("io.mobula.serial.Fallback")
@Label("Serialization Fallback")
@Category({"Mobula", "Serialization"})
@Description("A class without a generated serializer is serialized through the reflective fallback")
final class FallbackEvent extends Event {
    @Label("Class")
    String className;

    static void emit(Class<?> c) {
        FallbackEvent e = new FallbackEvent();
        if (e.isEnabled()) {
            e.className = c.getName();
            e.commit();
        }
    }
}
