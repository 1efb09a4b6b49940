package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Both allocation paths: what runs, and when the class is initialized. */
class InstantiatorTest {
    static final AtomicBoolean PLAIN_INITIALIZED = new AtomicBoolean();
    static final AtomicBoolean EXTENDING_INITIALIZED = new AtomicBoolean();

    static final class Plain implements Serializable {
        static {
            PLAIN_INITIALIZED.set(true);
        }

        int x = 7;
        final String s;

        Plain() {
            s = "constructed";
        }
    }

    static class Base {
        int base;

        Base() {
            base = 42;
        }
    }

    static final class Extending extends Base implements Serializable {
        static {
            EXTENDING_INITIALIZED.set(true);
        }

        int own = 5;
    }

    static class NoDefaultConstructor {
        NoDefaultConstructor(int ignored) {}
    }

    static final class ExtendsNoDefault extends NoDefaultConstructor implements Serializable {
        ExtendsNoDefault() {
            super(1);
        }
    }

    @Test
    void objectSubclassesRunNoConstructorAndInitializeOnlyOnFirstAllocation() throws Throwable {
        MethodHandle h = Instantiator.forSerialization(Plain.class);
        assertFalse(PLAIN_INITIALIZED.get(), "making the handle must not initialize the class");
        Plain p = (Plain) (Object) h.invokeExact();
        assertTrue(PLAIN_INITIALIZED.get());
        assertEquals(0, p.x, "field initializers belong to the constructor, which must not run");
        assertEquals(null, p.s);
        assertInstanceOf(Plain.class, (Object) h.invokeExact(), "a new instance per call");
    }

    @Test
    void otherSuperclassesRunTheirNoArgConstructorOnly() throws Throwable {
        MethodHandle h = Instantiator.forSerialization(Extending.class);
        assertFalse(EXTENDING_INITIALIZED.get(), "making the handle must not initialize the class");
        Extending e = (Extending) (Object) h.invokeExact();
        assertTrue(EXTENDING_INITIALIZED.get());
        assertEquals(42, e.base, "the non-serializable superclass is constructed");
        assertEquals(0, e.own, "the serializable class is not");
    }

    @Test
    void refusesWhatJavaSerializationRefuses() {
        assertThrows(SerialException.class, () -> Instantiator.forSerialization(Base.class));
        assertThrows(SerialException.class, () -> Instantiator.forSerialization(Serializable.class));
    }

    @Test
    void withoutAValidConstructorOnlyAllocationFailsAsInJavaSerialization() throws Throwable {
        MethodHandle h = Instantiator.forSerialization(ExtendsNoDefault.class);
        SerialException e = assertThrows(SerialException.class, () -> {
            Object unused = (Object) h.invokeExact();
        });
        assertInstanceOf(java.io.InvalidClassException.class, e.getCause());
        assertEquals(ExtendsNoDefault.class.getName() + "; no valid constructor", e.getMessage());
    }
}
