package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Trusted classes only: a reader makes only classes listed as compiled by mobula-processor (here through this test
 * module's {@code META-INF/mobula/serializable-classes}), built-ins, enums, exceptions, registered ones and explicitly
 * allowed ones.
 */
class TrustedClassesTest {
    /** Serializable, on the class path, but nobody listed it: a library class with hooks, say. */
    static final class Unlisted implements Serializable {
        private static final long serialVersionUID = 1L;
        static int constructed;
        int v = 7;

        private void readObject(java.io.ObjectInputStream in) throws java.io.IOException, ClassNotFoundException {
            constructed++; // would be a gadget's entry point
            in.defaultReadObject();
        }
    }

    /** Listed in this module's test resource, as the processor lists what it compiles. */
    static final class Listed implements Serializable {
        private static final long serialVersionUID = 1L;
        int v = 8;
    }

    enum Colour { RED }

    private static final Serialization PLAIN = Serialization.defaults();
    private static final Serialization TRUSTED = Serialization.builder().trustedClassesOnly(true).build();

    @Test
    void anUnlistedClassIsRefusedBeforeItsCodeRuns() throws Exception {
        byte[] bytes = PLAIN.toBytes(new Unlisted());
        int before = Unlisted.constructed;
        SerialException e = assertThrows(SerialException.class, () -> TRUSTED.fromBytes(bytes));
        assertTrue(e.getMessage().contains(Unlisted.class.getName()) && e.getMessage().contains("trusts"),
                e.getMessage());
        assertTrue(e.getMessage().contains("mobula.classFilter.allow"), "it says how to allow it: " + e.getMessage());
        assertEquals(before, Unlisted.constructed, "none of its code ran");
        assertEquals(7, ((Unlisted) PLAIN.fromBytes(bytes)).v, "the plain filter still takes it");
        SerialException inList = assertThrows(SerialException.class,
                () -> TRUSTED.fromBytes(PLAIN.toBytes(List.of(new Unlisted()))));
        assertTrue(inList.getMessage().contains(Unlisted.class.getName()), inList.getMessage());
    }

    @Test
    void listedBuiltInEnumsAndExceptionsAreTrusted() throws Exception {
        assertEquals(8, ((Listed) TRUSTED.fromBytes(PLAIN.toBytes(new Listed()))).v);
        Object jdk = TRUSTED.fromBytes(PLAIN.toBytes(new ArrayList<>(List.of("a", Map.of("k", LocalDate.of(2026,
                11, 23)), new int[] {1}))));
        assertEquals(3, ((List<?>) jdk).size());
        assertEquals(Colour.RED, TRUSTED.fromBytes(PLAIN.toBytes(Colour.RED)));
        Object ex = TRUSTED.fromBytes(PLAIN.toBytes(new IllegalStateException("travels")));
        assertEquals("travels", ((IllegalStateException) ex).getMessage());
        assertEquals(2, ((Listed[]) TRUSTED.fromBytes(PLAIN.toBytes(new Listed[] {new Listed(), new Listed()})))
                .length);
    }

    @Test
    void anExplicitAllowPatternAdmitsAClass() throws Exception {
        Serialization allowing = Serialization.builder().trustedClassesOnly(true)
                .classFilter(ClassFilter.builder().allow(Unlisted.class.getName()).build()).build();
        assertEquals(7, ((Unlisted) allowing.fromBytes(PLAIN.toBytes(new Unlisted()))).v);
        assertEquals(8, ((Listed) allowing.fromBytes(PLAIN.toBytes(new Listed()))).v,
                "in trusted mode an allow pattern adds a class; it does not shut the trusted ones out");
        Serialization denying = Serialization.builder().trustedClassesOnly(true)
                .classFilter(ClassFilter.builder().deny(Listed.class.getName()).build()).build();
        assertThrows(SerialException.class, () -> denying.fromBytes(PLAIN.toBytes(new Listed())));
    }
}
