package io.mobula.pool.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The typed helpers every generated group and cloud stub calls: the runtime's result as the method's type. */
class OperationStubTest {
    /** The runtime's side: returns {@link #result} (or throws {@link #failure}) and records the call. */
    static final class Fake implements OperationStub.Operations {
        Object result;
        Throwable failure;
        int method = -1;
        Object arguments;

        @Override
        public Object run(int method, Object arguments) throws Throwable {
            this.method = method;
            this.arguments = arguments;
            if (failure != null) {
                throw failure;
            }
            return result;
        }

        @Override
        public String describe() {
            return "fake";
        }
    }

    /** What a generated stub does: one typed helper per method. */
    static final class Stub extends OperationStub {
        Stub(Operations operations) {
            super(operations);
        }
    }

    @Test
    void eachHelperReturnsTheResultAsItsTypeAndTheDefaultForNone() throws Throwable {
        Fake f = new Fake();
        Stub s = new Stub(f);
        Object args = List.of("a");
        f.result = true;
        assertEquals(true, s.callBoolean(3, args));
        assertEquals(3, f.method);
        assertSame(args, f.arguments, "the gathered arguments reach the runtime as they are");
        f.result = (byte) 7;
        assertEquals((byte) 7, s.callByte(1, args));
        f.result = 'x';
        assertEquals('x', s.callChar(1, args));
        f.result = (short) -2;
        assertEquals((short) -2, s.callShort(1, args));
        f.result = 42;
        assertEquals(42, s.callInt(1, args));
        f.result = 1L << 40;
        assertEquals(1L << 40, s.callLong(1, args));
        f.result = 1.5f;
        assertEquals(1.5f, s.callFloat(1, args));
        f.result = 2.25;
        assertEquals(2.25, s.callDouble(1, args));
        f.result = "text";
        assertEquals("text", s.<String>callObject(1, args));
        s.callVoid(9, args);
        assertEquals(9, f.method);

        f.result = null; // a scheme that yields no result
        assertEquals(false, s.callBoolean(0, args));
        assertEquals((byte) 0, s.callByte(0, args));
        assertEquals((char) 0, s.callChar(0, args));
        assertEquals((short) 0, s.callShort(0, args));
        assertEquals(0, s.callInt(0, args));
        assertEquals(0L, s.callLong(0, args));
        assertEquals(0f, s.callFloat(0, args));
        assertEquals(0d, s.callDouble(0, args));
        assertNull(s.callObject(0, args));
    }

    @Test
    void whatTheRuntimeThrowsReachesTheStubAsItIs() {
        Fake f = new Fake();
        Stub s = new Stub(f);
        Exception checked = new java.io.IOException("declared by the method");
        f.failure = checked;
        assertSame(checked, assertThrows(java.io.IOException.class, () -> s.callInt(0, null)));
        assertThrows(NullPointerException.class, () -> new Stub(null));
    }
}
