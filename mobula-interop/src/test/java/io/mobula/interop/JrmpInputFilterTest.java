package io.mobula.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.serial.ClassFilter;
import io.mobula.serial.Serialization;
import java.io.ObjectInputFilter;
import java.io.ObjectInputFilter.Status;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.rmi.Remote;
import org.junit.jupiter.api.Test;

class JrmpInputFilterTest {
    private static final ClassFilter DENYING = ClassFilter.builder().deny("java.util.concurrent.**")
            .deny("java.util.Collections$Synchronized*").build();
    private static final Serialization TRUSTED = Serialization.builder().classFilter(DENYING).trustedClassesOnly(true)
            .build();
    private final JrmpInputFilter filter = new JrmpInputFilter(TRUSTED, DENYING, 100, 5, 1000, 10_000);

    /** Serializable and on the class path, but neither compiled with the processor nor a built-in type. */
    private static final Class<?> NOT_LISTED = java.text.SimpleDateFormat.class;

    private static ObjectInputFilter.FilterInfo info(Class<?> c, long arrayLength, long depth) {
        return info(c, arrayLength, depth, 0, 0);
    }

    private static ObjectInputFilter.FilterInfo info(Class<?> c, long arrayLength, long depth, long refs, long bytes) {
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
                return refs;
            }

            public long streamBytes() {
                return bytes;
            }
        };
    }

    private void refused(ObjectInputFilter.FilterInfo info, String reason) {
        SecurityException e = assertThrows(SecurityException.class, () -> filter.checkInput(info));
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    @Test
    void mobulasClassFilterDecidesByName() {
        refused(info(java.util.concurrent.atomic.AtomicLong.class, -1, 1), "refused by the class filter");
        refused(info(java.util.concurrent.atomic.AtomicLong[].class, 3, 1), "refused by the class filter");
        assertEquals(Status.ALLOWED, filter.checkInput(info(java.util.ArrayList.class, -1, 1)));
    }

    @Test
    void onlyTrustedClassesPass() {
        refused(info(NOT_LISTED, -1, 1), "not one this process trusts");
        refused(info(java.text.SimpleDateFormat[].class, 2, 1), "not one this process trusts");
        for (Class<?> c : new Class<?>[] {java.util.HashSet.class, java.util.HashMap.class, Integer.class,
                Number.class, Long[].class, String.class, java.time.Instant.class, IllegalStateException.class,
                List.of(1).getClass(), Collections.unmodifiableList(new ArrayList<>()).getClass(),
                Collections.emptyMap().getClass(), Arrays.asList(1, 2).getClass(), StackTraceElement[].class}) {
            assertEquals(Status.ALLOWED, filter.checkInput(info(c, -1, 1)), c.getName());
        }
        ClassFilter allowingFilter = ClassFilter.builder().allow(NOT_LISTED.getName()).build();
        JrmpInputFilter allowing = new JrmpInputFilter(Serialization.builder().trustedClassesOnly(true)
                .classFilter(allowingFilter).build(), allowingFilter, 100, 5, 1000, 10_000);
        assertEquals(Status.ALLOWED, allowing.checkInput(info(NOT_LISTED, -1, 1)),
                "an explicit allow pattern adds a class");
    }

    @Test
    void theJdksSerialFormsOfCollectionsPassUnlessDenied() {
        for (String name : new String[] {"java.util.CollSer", "java.util.Collections$UnmodifiableRandomAccessList",
                "java.util.EnumSet$SerializationProxy", "java.util.AbstractMap$SimpleImmutableEntry"}) {
            assertEquals(Status.ALLOWED, filter.checkInput(info(load(name), -1, 1)), name);
        }
        refused(info(load("java.util.Collections$SynchronizedList"), -1, 1), "refused by the class filter");
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, null);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void theLimitsHold() {
        refused(info(int[].class, 101, 1), "maxArrayLength 100");
        assertEquals(Status.ALLOWED, filter.checkInput(info(int[].class, 100, 1)));
        refused(info(null, -1, 6), "deeper than maxDepth 5");
        assertEquals(Status.UNDECIDED, filter.checkInput(info(null, -1, 5)));
        refused(info(null, -1, 1, 1001, 0), "more than 1000 objects and references");
        refused(info(null, -1, 1, 0, 10_001), "more than 10000 bytes");
        assertEquals(Status.UNDECIDED, filter.checkInput(info(null, -1, 1, 1000, 10_000)));
    }

    @Test
    void whatStandardStubsAreMadeOfIsAllowed() {
        Object proxy = Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Remote.class},
                (p, m, a) -> null);
        assertEquals(Status.ALLOWED, filter.checkInput(info(proxy.getClass(), -1, 1)));
        assertEquals(Status.ALLOWED, filter.checkInput(info(java.rmi.server.RemoteObjectInvocationHandler.class, -1,
                2)));
        refused(info(javax.management.ObjectName.class, -1, 1), "javax.management.ObjectName");
    }
}
