package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The fallback's log line says why the class took it; only a missing processor run is a warning. */
class FallbackLogTest {
    private final List<LogRecord> records = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            records.add(r);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };
    private final Logger logger = Logger.getLogger("io.mobula.serial");
    private java.util.logging.Level saved;

    static final class Plain implements Serializable {
        int x;
    }

    static final class WithHooks implements Serializable {
        int x;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
        }
    }

    static final class Resolving implements Serializable {
        private Object readResolve() {
            return this;
        }
    }

    public static final class Ext implements Externalizable {
        public Ext() {}

        @Override
        public void writeExternal(ObjectOutput out) {}

        @Override
        public void readExternal(ObjectInput in) {}
    }

    private record Secret(int x) implements Serializable {}

    @BeforeEach
    void capture() {
        saved = logger.getLevel();
        logger.setLevel(Level.ALL);
        logger.addHandler(handler);
    }

    @AfterEach
    void release() {
        logger.removeHandler(handler);
        logger.setLevel(saved);
    }

    private LogRecord logFor(Object o) throws SerialException {
        records.clear();
        RoundTripTest.SER.toBytes(o);
        String name = o.getClass().getName();
        List<LogRecord> mine = records.stream()
                .filter(r -> r.getParameters() != null && name.equals(r.getParameters()[0])).toList();
        assertEquals(1, mine.size(), "one line for " + name + ": " + records);
        return mine.get(0);
    }

    private static String text(LogRecord r) {
        return java.text.MessageFormat.format(r.getMessage(), r.getParameters());
    }

    @Test
    void missingProcessorIsAWarningThatAdvisesIt() throws Exception {
        LogRecord r = logFor(new Plain());
        assertEquals(Level.WARNING, r.getLevel());
        assertTrue(text(r).contains("compile it with the Mobula annotation processor"), text(r));
    }

    @Test
    void hooksAreNamedAndNotBlamedOnTheBuild() throws Exception {
        LogRecord r = logFor(new WithHooks());
        assertEquals(Level.FINE, r.getLevel(), "nothing to act on: below INFO, as quiet as Java serialization");
        assertTrue(text(r).contains("uses writeObject and readObject"), text(r));
        assertFalse(text(r).contains("compile it"), text(r));
        assertTrue(text(logFor(new Resolving())).contains("uses readResolve"));
        assertTrue(text(logFor(new Ext())).contains("uses Externalizable"));
    }

    @Test
    void privateRecordsAreAdvisedToBecomePackagePrivate() throws Exception {
        LogRecord r = logFor(new Secret(3));
        assertEquals(Level.WARNING, r.getLevel());
        assertTrue(text(r).contains("make it package-private"), text(r));
    }
}
