package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.Serial;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * The exception serializer on its own (standalone messages): whole objects, the layout's fingerprint, and hostile
 * input. The RMI tests cover the same classes of exceptions through calls.
 */
class ThrowableSerializerTest {
    static final Serialization SER = RoundTripTest.SER;

    /** Only a (long) constructor and a final field. */
    static final class Shortfall extends Exception {
        @Serial
        private static final long serialVersionUID = 1L;
        final long missing;

        Shortfall(long missing) {
            super("short by " + missing);
            this.missing = missing;
        }
    }

    /** Refers to itself and to another exception that refers back. */
    static final class Linked extends RuntimeException {
        @Serial
        private static final long serialVersionUID = 1L;
        Object self;
        Linked partner;

        Linked(String m) {
            super(m);
        }
    }

    /** writeReplace: another exception travels in its place. */
    static final class Replaced extends Exception {
        @Serial
        private static final long serialVersionUID = 1L;

        Replaced(String m) {
            super(m);
        }

        @Serial
        Object writeReplace() {
            return new IllegalStateException("replaced: " + getMessage());
        }
    }

    /** A class the reader refuses by name. */
    static final class Denied extends Exception {
        @Serial
        private static final long serialVersionUID = 1L;

        Denied(int x) {
            super("denied " + x);
        }
    }

    private static Object rt(Object o) throws SerialException {
        return SER.fromBytes(SER.toBytes(o));
    }

    @Test
    void standaloneMessagesCarryExceptionsWhole() throws Exception {
        Shortfall s = new Shortfall(77);
        s.addSuppressed(new NoSuchFileException("/a", "/b", "gone"));
        Exception outer = new Exception("outer", s);
        Exception copy = assertInstanceOf(Exception.class, rt(outer));
        Shortfall c = assertInstanceOf(Shortfall.class, copy.getCause());
        assertEquals(77, c.missing);
        assertEquals("short by 77", c.getMessage());
        assertArrayEquals(s.getStackTrace(), c.getStackTrace());
        NoSuchFileException n = assertInstanceOf(NoSuchFileException.class, c.getSuppressed()[0]);
        assertEquals("/a", n.getFile());
        assertEquals("/b", n.getOtherFile());
        assertEquals("gone", n.getReason());
    }

    @Test
    void bothSerializerSearchesAgree() throws Exception {
        Serialization noGenerated = Serialization.builder().generatedSerializers(false)
                .classLoader(RoundTripTest.class.getClassLoader()).build();
        Shortfall c = assertInstanceOf(Shortfall.class, noGenerated.fromBytes(SER.toBytes(new Shortfall(3))));
        assertEquals(3, c.missing);
    }

    @Test
    void cyclesThroughFieldsResolveToTheSameObjects() throws Exception {
        Linked a = new Linked("a");
        Linked b = new Linked("b");
        a.self = a;
        a.partner = b;
        b.partner = a;
        a.initCause(b);
        Linked ca = assertInstanceOf(Linked.class, rt(a));
        assertSame(ca, ca.self);
        assertSame(ca, ca.partner.partner);
        assertSame(ca.partner, ca.getCause());
    }

    @Test
    void writeReplaceIsHonoured() throws Exception {
        IllegalStateException e = assertInstanceOf(IllegalStateException.class, rt(new Replaced("x")));
        assertEquals("replaced: x", e.getMessage());
    }

    @Test
    void theFingerprintCoversTheFieldsOfTheSubclassLevels() throws Exception {
        long shortfall = ThrowableSerializer.create(Shortfall.class).fingerprint();
        long plain = ThrowableSerializer.create(Exception.class).fingerprint();
        assertNotEquals(plain, shortfall);
        assertEquals(Fingerprint.of("java.lang.Throwable", "message,cause,stackTrace,suppressed",
                "jdk:java.lang.Exception", Shortfall.class.getName(), "missing:J"), shortfall);
        // a peer with another layout of the class: the reader names it
        byte[] bytes = SER.toBytes(new Shortfall(1));
        String name = Shortfall.class.getName();
        int fpAt = 4 + 3 + 1 + name.length();
        bytes[fpAt] ^= 0x55;
        SerialException e = assertThrows(SerialException.class, () -> SER.fromBytes(bytes));
        assertTrue(e.getMessage().contains("fingerprint mismatch for class " + name), e.getMessage());
    }

    @Test
    void aCauseWhoseClassTheFilterRefusesFailsTheMessageClearly() throws Exception {
        Serialization strict = Serialization.builder().classLoader(RoundTripTest.class.getClassLoader())
                .classFilter(ClassFilter.builder().deny(Denied.class.getName()).build()).build();
        byte[] bytes = SER.toBytes(new Exception("outer", new Denied(1)));
        SerialException e = assertThrows(SerialException.class, () -> strict.fromBytes(bytes));
        assertTrue(e.getMessage().contains(Denied.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains("refused by the class filter"), e.getMessage());
    }

    /** An application subclass of a JDK class with private state. */
    static final class AppSql extends java.sql.SQLException {
        @Serial
        private static final long serialVersionUID = 1L;
        final int attempt;

        AppSql(String reason, String state, int attempt) {
            super(reason, state);
            this.attempt = attempt;
        }
    }

    @Test
    void privateStateOfJdkClassesWithoutARecipeIsLostWithAWarningAndTheRestTravels() throws Exception {
        List<LogRecord> records = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        Logger logger = Logger.getLogger("io.mobula.serial");
        logger.addHandler(h);
        try {
            EnumConstantNotPresentException e = assertInstanceOf(EnumConstantNotPresentException.class,
                    rt(new EnumConstantNotPresentException(java.time.DayOfWeek.class, "FUNDAY")));
            assertEquals("java.time.DayOfWeek.FUNDAY", e.getMessage());
            assertEquals(null, e.constantName(), "a private JDK field without a recipe is lost");
            AppSql a = assertInstanceOf(AppSql.class, rt(new AppSql("down", "08001", 3)));
            assertEquals(3, a.attempt);
            assertEquals("down", a.getMessage());
            assertEquals(null, a.getSQLState(), "private state of a JDK superclass is lost");
        } finally {
            logger.removeHandler(h);
        }
        List<String> warnings = records.stream().filter(r -> r.getLevel() == Level.WARNING)
                .map(r -> java.text.MessageFormat.format(r.getMessage(), r.getParameters())).toList();
        assertTrue(warnings.stream().anyMatch(w -> w.contains(EnumConstantNotPresentException.class.getName())
                && w.contains("constantName")), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains(AppSql.class.getName()) && w.contains("SQLState")),
                warnings.toString());
    }

    /** RuntimeException("m") with no stack trace: its body ends with cause NULL, 0 frames, 0 suppressed. */
    private static byte[] bare() throws SerialException {
        RuntimeException r = new RuntimeException("m");
        r.setStackTrace(new StackTraceElement[0]);
        byte[] b = SER.toBytes(r);
        assertArrayEquals(new byte[] {3, 'm', 0, 0, 0}, Arrays.copyOfRange(b, b.length - 5, b.length));
        return Arrays.copyOf(b, b.length - 3);
    }

    private static byte[] with(byte[] prefix, int... tail) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(prefix);
        for (int t : tail) {
            out.write(t);
        }
        return out.toByteArray();
    }

    private static void assertFails(byte[] bytes, String part) {
        SerialException e = assertThrows(SerialException.class, () -> SER.fromBytes(bytes));
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    @Test
    void hostileCountsAndTypesAreRefused() throws Exception {
        byte[] p = bare();
        assertInstanceOf(RuntimeException.class, SER.fromBytes(with(p, 0, 0, 0)));
        assertFails(with(p, 0, 0x89, 0x27, 0), "5001 stack frames"); // varint 5001
        assertFails(with(p, 0, 0xff, 0xff, 0xff, 0xff, 0x0f), "stack frames");
        assertFails(with(p, 0, 0, 0x81, 0x02), "257 suppressed");
        assertFails(with(p, 0, 1), "truncated");
        // the cause is a String: NEW String "x"
        assertFails(with(p, 2, 1, 3, 'x', 0, 0), "expected java.lang.Throwable but decoded java.lang.String");
        // a suppressed entry that is not a Throwable: NEW Integer 5
        assertFails(with(p, 0, 0, 1, 2, 6, 5, 0, 0, 0), "expected java.lang.Throwable but decoded java.lang.Integer");
        // a frame without a class name: null strings
        assertFails(with(p, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), "stack frame without class or method name");
    }

    @Test
    void anExceptionCannotBeItsOwnCause() throws Exception {
        byte[] p = bare();
        assertFails(with(p, 1, 0, 0, 0), "its own cause"); // cause = HANDLE 0, the exception itself
    }
}
