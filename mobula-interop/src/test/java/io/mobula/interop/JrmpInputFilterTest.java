package io.mobula.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mobula.rmi.RmiConfig;
import io.mobula.serial.ClassFilter;
import java.io.ObjectInputFilter;
import java.io.ObjectInputFilter.Status;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import org.junit.jupiter.api.Test;

class JrmpInputFilterTest {
    private final JrmpInputFilter filter = new JrmpInputFilter(new RmiConfig.Decoding(
            ClassFilter.builder().deny("java.util.concurrent.**").build(), 100, 5, true));

    private static ObjectInputFilter.FilterInfo info(Class<?> c, long arrayLength, long depth) {
        return new ObjectInputFilter.FilterInfo() {
            public Class<?> serialClass() {
                return c;
            }

            public long arrayLength() {
                return arrayLength;
            }

            public long depth() {
                return depth;
            }

            public long references() {
                return 0;
            }

            public long streamBytes() {
                return 0;
            }
        };
    }

    @Test
    void mobulasClassFilterDecidesByName() {
        assertEquals(Status.REJECTED, filter.checkInput(info(java.util.concurrent.atomic.AtomicLong.class, -1, 1)));
        assertEquals(Status.REJECTED, filter.checkInput(info(java.util.concurrent.atomic.AtomicLong[].class, 3, 1)),
                "an array by its element class");
        assertEquals(Status.ALLOWED, filter.checkInput(info(java.util.ArrayList.class, -1, 1)));
    }

    @Test
    void theLimitsHold() {
        assertEquals(Status.REJECTED, filter.checkInput(info(int[].class, 101, 1)));
        assertEquals(Status.ALLOWED, filter.checkInput(info(int[].class, 100, 1)));
        assertEquals(Status.REJECTED, filter.checkInput(info(null, -1, 6)));
        assertEquals(Status.UNDECIDED, filter.checkInput(info(null, -1, 5)));
    }

    @Test
    void whatStandardStubsAreMadeOfIsAllowed() {
        ClassFilter defaults = ClassFilter.defaults();
        JrmpInputFilter f = new JrmpInputFilter(new RmiConfig.Decoding(defaults, 100, 5, true));
        Object proxy = Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Remote.class},
                (p, m, a) -> null);
        assertEquals(Status.ALLOWED, f.checkInput(info(proxy.getClass(), -1, 1)));
        assertEquals(Status.ALLOWED, f.checkInput(info(java.rmi.server.RemoteObjectInvocationHandler.class, -1, 2)));
        assertEquals(Status.REJECTED, f.checkInput(info(javax.management.ObjectName.class, -1, 1)),
                "the default deny-list still holds");
    }
}
