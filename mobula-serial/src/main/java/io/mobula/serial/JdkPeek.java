package io.mobula.serial;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the state of a JDK object that has no public accessor for it (the element type of a checked
 * collection, the collection behind an unmodifiable wrapper) through the class's own Java serialization,
 * without opening its package: the object is written once to a throw-away {@link ObjectOutputStream} that
 * substitutes {@code null} for every object it refers to and records, in stream order, the objects so
 * substituted and the classes whose descriptors are written. Nothing of that stream is sent; the caller
 * writes what it learnt through Mobula. Writer side only; the reader rebuilds through public API.
 *
 * <p>Java serialization writes a class level's object fields sorted by name, superclass levels first, so the
 * order of the recorded objects is fixed by the serial form, which the JDK keeps compatible across releases.
 * Callers still check what they get and fail with a {@link SerialException} rather than guess.
 */
final class JdkPeek extends ObjectOutputStream {
    /** Tags of the Java serialization stream (java.io.ObjectStreamConstants). */
    static final byte TC_NULL = 0x70;
    static final byte TC_REFERENCE = 0x71;
    static final byte TC_CLASS = 0x76;

    /** One recorded step: an object field substituted by null, or a class descriptor written. */
    record Event(Object value, boolean isClass, int position) {}

    private static final class Sink extends ByteArrayOutputStream {
        byte byteAt(int i) {
            return i < count ? buf[i] : -1;
        }
    }

    private final Sink sink;
    private final List<Event> events = new ArrayList<>();
    private boolean recording;
    private boolean topSeen;

    private JdkPeek(Sink sink) throws IOException {
        super(sink);
        this.sink = sink;
        enableReplaceObject(true);
    }

    /**
     * @param obj the object to inspect
     * @param preWritten a class whose {@code Class} object is written first (so that a later reference to it is
     *     a back-reference), or null
     * @return the recorded peek, with the stream bytes
     */
    static JdkPeek of(Object obj, Class<?> preWritten) throws SerialException {
        try {
            JdkPeek p = new JdkPeek(new Sink());
            if (preWritten != null) {
                p.writeObject(preWritten);
            }
            p.recording = true;
            p.writeObject(obj);
            p.flush();
            return p;
        } catch (IOException | RuntimeException e) {
            throw new SerialException("cannot read the state of " + obj.getClass().getName()
                    + " through its serial form: " + e, e);
        }
    }

    static JdkPeek of(Object obj) throws SerialException {
        return of(obj, null);
    }

    @Override
    protected Object replaceObject(Object obj) throws IOException {
        if (!recording) {
            return obj;
        }
        if (!topSeen) { // the object itself (or its serialization proxy)
            topSeen = true;
            return obj;
        }
        flush();
        events.add(new Event(obj, false, sink.size()));
        return null;
    }

    @Override
    protected void annotateClass(Class<?> cl) throws IOException {
        if (recording) {
            flush();
            events.add(new Event(cl, true, sink.size()));
        }
    }

    List<Event> events() {
        return events;
    }

    /** @return the objects the fields referred to, in stream order (each distinct object once) */
    List<Object> objects() {
        List<Object> out = new ArrayList<>();
        for (Event e : events) {
            if (!e.isClass) {
                out.add(e.value);
            }
        }
        return out;
    }

    /** @return the i-th substituted object, or null if fewer were recorded (a null field records nothing) */
    Object object(int i) {
        List<Object> objs = objects();
        return i < objs.size() ? objs.get(i) : null;
    }

    byte byteAt(int i) {
        return sink.byteAt(i);
    }

    int size() {
        return sink.size();
    }

    byte[] bytes() {
        return sink.toByteArray();
    }

    /** @return how many class descriptors the object's own serializable class chain writes */
    static int hierarchyDepth(Class<?> c) {
        int n = 0;
        for (Class<?> k = c; k != null && Serializable.class.isAssignableFrom(k); k = k.getSuperclass()) {
            n++;
        }
        return n;
    }
}
