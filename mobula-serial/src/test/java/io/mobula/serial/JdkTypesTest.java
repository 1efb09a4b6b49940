package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetPermission;
import java.net.SocketPermission;
import java.net.URI;
import java.net.URL;
import java.net.URLPermission;
import java.net.UnixDomainSocketAddress;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.chrono.HijrahChronology;
import java.time.chrono.HijrahDate;
import java.time.chrono.IsoChronology;
import java.time.chrono.JapaneseChronology;
import java.time.chrono.JapaneseDate;
import java.time.chrono.JapaneseEra;
import java.time.chrono.MinguoChronology;
import java.time.chrono.MinguoDate;
import java.time.chrono.ThaiBuddhistChronology;
import java.time.chrono.ThaiBuddhistDate;
import java.util.AbstractMap;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Calendar;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Currency;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.GregorianCalendar;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Properties;
import java.util.Queue;
import java.util.PropertyPermission;
import java.util.Random;
import java.util.SequencedCollection;
import java.util.SequencedMap;
import java.util.Set;
import java.util.SimpleTimeZone;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.Stack;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.Vector;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.DoubleBinaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every concrete serializable class of the JDK packages an RMI program sends values from (java.lang, java.math,
 * java.net, java.time, java.time.chrono, java.util, java.util.concurrent, java.util.concurrent.atomic,
 * java.util.regex), found by listing the jrt:/ file system, round-trips through Mobula's default
 * serialization as it does through Java serialization, in a JVM started without --add-opens. A class the
 * JDK adds later fails {@link #everyJdkSerializableClassHasAFactoryOrAReason} until it gets a sample here or
 * a reason in {@link #EXCLUDED}.
 */
class JdkTypesTest {
    static final Serialization SER = Serialization.defaults();

    static final List<String> PACKAGES = List.of("java/lang", "java/math", "java/net", "java/time", "java/time/chrono",
            "java/util", "java/util/concurrent", "java/util/concurrent/atomic", "java/util/regex");

    /** Classes found by the walk that have no sample, each with the reason. */
    static final Map<String, String> EXCLUDED = new LinkedHashMap<>();

    static {
        // never sent by value, or refused by design
        EXCLUDED.put("java.lang.Class", "Mobula refuses Class objects by design (no remote class loading)");
        String proxy = "a serialization proxy: appears only inside Java serialization streams; Mobula sends the"
                + " class it stands for";
        for (String c : List.of("java.util.CollSer", "java.util.EnumSet$SerializationProxy", "java.time.Ser",
                "java.time.chrono.Ser", "java.net.UnixDomainSocketAddress$Ser",
                "java.util.concurrent.atomic.LongAdder$SerializationProxy",
                "java.util.concurrent.atomic.DoubleAdder$SerializationProxy",
                "java.util.concurrent.atomic.LongAccumulator$SerializationProxy",
                "java.util.concurrent.atomic.DoubleAccumulator$SerializationProxy")) {
            EXCLUDED.put(c, proxy);
        }
        String internal = "internal state object of another class, never reachable on its own through public API";
        for (String c : List.of("java.util.concurrent.ConcurrentHashMap$Segment",
                "java.util.concurrent.CountDownLatch$Sync", "java.util.concurrent.Semaphore$FairSync",
                "java.util.concurrent.Semaphore$NonfairSync", "java.util.concurrent.SynchronousQueue$FifoWaitQueue",
                "java.util.concurrent.SynchronousQueue$LifoWaitQueue", "java.util.concurrent.SynchronousQueue$WaitQueue",
                "java.util.concurrent.SynchronousQueue$Transferer", "java.util.concurrent.ThreadPoolExecutor$Worker",
                "java.util.concurrent.ThreadLocalRandom$ThreadLocalRandomProxy", "java.util.PropertyPermissionCollection",
                "java.net.SocketPermissionCollection")) {
            EXCLUDED.put(c, internal);
        }
        // not supported: the state is not readable through public API or the serial form gives no usable value
        String view = "a range view of a sorted map: Java serialization sends the whole backing map and the bounds,"
                + " which no public method exposes; not supported (send new TreeMap<>(view))";
        for (String c : List.of("java.util.TreeMap$AscendingSubMap", "java.util.TreeMap$DescendingSubMap",
                "java.util.TreeMap$SubMap", "java.util.concurrent.ConcurrentSkipListMap$SubMap")) {
            EXCLUDED.put(c, view);
        }
        EXCLUDED.put("java.util.Collections$UnmodifiableMap$UnmodifiableEntrySet",
                "wraps the entry set of the map (e.g. HashMap$EntrySet), which is not serializable: Java"
                        + " serialization fails as well");
        EXCLUDED.put("java.util.LinkedList$ReverseOrderLinkedListView",
                "LinkedList.reversed(): its writeExternal throws, Java serialization refuses it as well");
        EXCLUDED.put("java.util.EventObject", "its source is transient: Java serialization yields a null source,"
                + " which no public constructor accepts");
        EXCLUDED.put("java.util.Random$RandomWrapper", "Random.from(generator): the wrapped generator is not"
                + " readable through public API; not supported");
        EXCLUDED.put("java.net.InetAddress", "never instantiated itself: every instance is an Inet4Address or an"
                + " Inet6Address (both sampled)");
        EXCLUDED.put("java.time.Clock$SourceClock", "InstantSource.withZone of a custom source: the source is not"
                + " readable through public API; not supported");
        EXCLUDED.put("java.time.Clock$OffsetClock", "Clock.offset: the offset is not readable through public API;"
                + " not supported");
        EXCLUDED.put("java.time.Clock$TickClock", "Clock.tick: the tick duration is not readable through public"
                + " API; not supported");
    }

    /** Rules for whole families of walked classes. */
    static String excludedByRule(Class<?> c) {
        if (Throwable.class.isAssignableFrom(c)) {
            return "exceptions have their own serializer (ThrowableSerializer) and tests";
        }
        if (ForkJoinTask.class.isAssignableFrom(c)) {
            return "a fork/join task of the JDK's parallel algorithms, never passed by value";
        }
        return null;
    }

    // ------------------------------------------------------------------ samples

    enum Color { RED, GREEN, BLUE }

    enum Empty { }

    /** A serializable comparator, as Java serialization requires for sorted collections. */
    static final class ByLength implements Comparator<String>, Serializable {
        @Override
        public int compare(String a, String b) {
            return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ByLength;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    static final class Max implements LongBinaryOperator, DoubleBinaryOperator, Serializable {
        @Override
        public long applyAsLong(long a, long b) {
            return Math.max(a, b);
        }

        @Override
        public double applyAsDouble(double a, double b) {
            return Math.max(a, b);
        }
    }

    @SuppressWarnings("unchecked")
    static <C extends Collection<?>> C fill(C c, Object... elements) {
        ((Collection<Object>) c).addAll(Arrays.asList(elements));
        return c;
    }

    @SuppressWarnings("unchecked")
    static <M extends Map<?, ?>> M fillMap(M m, Object... kv) {
        for (int i = 0; i < kv.length; i += 2) {
            ((Map<Object, Object>) m).put(kv[i], kv[i + 1]);
        }
        return m;
    }

    /** For the generic signatures of Collections.checked* and newSetFromMap. */
    @SuppressWarnings("unchecked")
    static <T> T raw(Object o) {
        return (T) o;
    }

    static List<Object> samples() throws Exception {
        List<Object> s = new ArrayList<>();
        TreeMap<Object, Object> sorted = fillMap(new TreeMap<>(), "b", 2, "a", 1, "c", 3);
        TreeSet<Object> sortedSet = fill(new TreeSet<>(), 5, 1, 3);
        // java.lang
        s.addAll(List.of("text", true, (byte) 1, (short) 2, 'c', 3, 4L, 5f, 6d, new StringBuilder("sb"),
                new StringBuffer("sbuf"), new StackTraceElement("loader", "mod", "1.0", "p.C", "m", "C.java", 7),
                new StackTraceElement("p.D", "run", null, -2), String.CASE_INSENSITIVE_ORDER,
                new RuntimePermission("exitVM")));
        // java.math
        s.addAll(List.of(BigInteger.TEN.pow(40), new BigDecimal("-1.50"), new MathContext(7, RoundingMode.HALF_EVEN)));
        // java.net
        s.add(URI.create("https://user@example.org:8443/a%20b?q=1#frag"));
        s.add(URI.create("urn:isbn:096139210x"));
        s.add(URI.create("https://example.org/x").toURL());
        s.add(InetAddress.getByAddress("host.example", new byte[] {10, 1, 2, 3}));
        s.add(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}));
        s.add(InetAddress.getByAddress("v6.example", new byte[] {0x20, 0x01, 0x0d, (byte) 0xb8, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 0, 0, 1}));
        s.add(Inet6Address.getByAddress(null, new byte[] {(byte) 0xfe, (byte) 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                0, 0, 0, 2}, 3));
        s.add(new InetSocketAddress(InetAddress.getByAddress("h", new byte[] {10, 0, 0, 9}), 8080));
        s.add(InetSocketAddress.createUnresolved("unresolved.example", 443));
        s.add(UnixDomainSocketAddress.of("/tmp/mobula.sock"));
        s.addAll(List.of(new NetPermission("setDefaultAuthenticator"), new SocketPermission("localhost:1024-",
                "connect,accept"), new URLPermission("https://example.org/*", "GET:X-Foo")));
        // java.time
        s.addAll(List.of(LocalDate.of(2024, 2, 29), LocalTime.of(1, 2, 3, 4), LocalDateTime.of(2020, 1, 2, 3, 4),
                Instant.ofEpochSecond(-3, 5), Duration.ofMillis(-7), Period.of(1, 2, 3), Year.of(1999),
                YearMonth.of(2000, 2), MonthDay.of(12, 31), ZoneOffset.ofHoursMinutes(5, 30),
                ZoneId.of("Europe/Amsterdam"), ZonedDateTime.of(2021, 10, 31, 2, 30, 0, 0, ZoneId.of("Europe/Paris"))
                        .withLaterOffsetAtOverlap(),
                OffsetDateTime.of(2022, 1, 1, 0, 0, 0, 1, ZoneOffset.ofHours(-3)),
                OffsetTime.of(10, 11, 12, 13, ZoneOffset.ofHours(2)), Clock.systemUTC(),
                Clock.system(ZoneId.of("Asia/Tokyo")), Clock.fixed(Instant.ofEpochSecond(99, 1), ZoneOffset.UTC),
                InstantSource.system()));
        // java.time.chrono
        LocalDate d = LocalDate.of(2023, 7, 14);
        s.addAll(List.of(HijrahDate.from(d), JapaneseDate.from(d), JapaneseDate.from(LocalDate.of(1989, 1, 7)),
                MinguoDate.from(d), ThaiBuddhistDate.from(d), IsoChronology.INSTANCE, HijrahChronology.INSTANCE,
                JapaneseChronology.INSTANCE, MinguoChronology.INSTANCE, ThaiBuddhistChronology.INSTANCE,
                JapaneseEra.HEISEI, JapaneseEra.REIWA, JapaneseDate.from(d).atTime(LocalTime.of(5, 6, 7, 8)),
                ThaiBuddhistDate.from(d).atTime(LocalTime.NOON).atZone(ZoneId.of("Asia/Bangkok")),
                JapaneseChronology.INSTANCE.period(1, -2, 3)));
        // java.util
        s.addAll(List.of(new ArrayList<>(List.of(1, "x")), new LinkedList<>(List.of(2, 3)),
                fillMap(new HashMap<>(), 1, "a"), fillMap(new LinkedHashMap<>(), "z", 1, "a", 2), sorted,
                fillMap(new TreeMap<>(new ByLength()), "ccc", 1, "a", 2), sortedSet,
                fill(new TreeSet<>(Collections.reverseOrder()), "a", "c", "b"),
                fill(new HashSet<>(), 1, 2), fill(new LinkedHashSet<>(), 3, 1), fill(new ArrayDeque<>(), 1, 2),
                fill(new PriorityQueue<>(), 5, 1, 4, 2), fill(new PriorityQueue<>(new ByLength()), "bb", "a", "ccc"),
                fillMap(new Hashtable<>(), "k", "v"), fill(new Vector<>(), 1, null), fill(new Stack<>(), "s"),
                fillMap(new IdentityHashMap<>(), "only", 1), new AbstractMap.SimpleEntry<>("k", 1),
                new AbstractMap.SimpleImmutableEntry<>(2, "v"), BitSet.valueOf(new long[] {5, 1L << 63}),
                new BitSet(), UUID.randomUUID(), new Date(12345), Locale.US, Locale.of("ja", "JP", "JP"),
                Locale.forLanguageTag("sr-Latn-RS-u-nu-latn"), Locale.of("no", "NO", "NY"), Locale.ROOT,
                Currency.getInstance("EUR"), TimeZone.getTimeZone("America/New_York"), TimeZone.getTimeZone("GMT+05:30"),
                new SimpleTimeZone(3_600_000, "Fixed"), new SimpleTimeZone(-18_000_000, "DST", Calendar.MARCH, 8,
                        -Calendar.SUNDAY, 7_200_000, Calendar.NOVEMBER, 1, -Calendar.SUNDAY, 7_200_000, 3_600_000),
                new SimpleTimeZone(7_200_000, "DST2", Calendar.APRIL, -1, Calendar.SUNDAY, 3_600_000,
                        SimpleTimeZone.UTC_TIME, Calendar.OCTOBER, 10, 0, 3_600_000, SimpleTimeZone.STANDARD_TIME,
                        1_800_000),
                calendar("gregory", "Europe/Berlin"), calendar("japanese", "Asia/Tokyo"),
                new PropertyPermission("user.*", "read"), new Random(42), properties(),
                new Properties()));
        GregorianCalendar julian = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
        julian.setGregorianChange(new Date(Long.MAX_VALUE));
        julian.setTimeInMillis(-10_000_000_000_000L);
        julian.setLenient(false);
        s.add(julian);
        s.addAll(List.of(EnumSet.of(Color.RED, Color.BLUE), EnumSet.noneOf(Color.class), EnumSet.noneOf(Empty.class),
                EnumSet.allOf(Character.UnicodeScript.class), EnumSet.noneOf(Character.UnicodeScript.class),
                enumMap(), new EnumMap<>(TimeUnit.class), Comparator.naturalOrder(), Comparator.reverseOrder(),
                Collections.reverseOrder(new ByLength()), Comparator.nullsFirst(new ByLength()),
                Comparator.nullsLast(Comparator.naturalOrder()), Comparator.nullsFirst(null)));
        // immutable collections
        s.addAll(List.of(List.of(), List.of(1), List.of(1, 2), List.of(1, 2, 3), Set.of(), Set.of(1), Set.of(1, 2),
                Set.of(1, 2, 3), Map.of(), Map.of(1, 2), Map.of(1, 2, 3, 4), Map.ofEntries(Map.entry("a", 1),
                        Map.entry("b", 2), Map.entry("c", 3)), Arrays.asList(1, 2), Stream.of(1, null).toList()));
        // Collections.*
        s.addAll(List.of(Collections.emptyList(), Collections.emptySet(), Collections.emptyMap(),
                Collections.emptySortedSet(), Collections.emptyNavigableSet(), Collections.emptySortedMap(),
                Collections.emptyNavigableMap(), Collections.singletonList(1), Collections.singleton("x"),
                Collections.singletonMap("k", "v"), Collections.nCopies(3, "n"), Collections.nCopies(0, "n"),
                fill(Collections.newSetFromMap(new TreeMap<>()), "q", "p"),
                fill(Collections.newSequencedSetFromMap(new TreeMap<>()), 2, 1),
                Collections.asLifoQueue(fill(new ArrayDeque<>(), 1, 2, 3))));
        s.addAll(List.of(Collections.unmodifiableCollection(fill(new ArrayDeque<>(), 1, 2)),
                Collections.unmodifiableSequencedCollection(fill(new ArrayDeque<>(), 3, 4)),
                Collections.unmodifiableSet(lhs(1)), Collections.unmodifiableSequencedSet(fill(new TreeSet<>(), 2, 1)),
                Collections.unmodifiableSortedSet(fill(new TreeSet<>(new ByLength()), "bb", "a")),
                Collections.unmodifiableNavigableSet(sortedSet), Collections.unmodifiableList(fill(new ArrayList<>(), 1)),
                Collections.unmodifiableList(fill(new LinkedList<>(), 2)),
                Collections.unmodifiableMap(fillMap(new TreeMap<>(String.CASE_INSENSITIVE_ORDER), "Key", 1)),
                Collections.unmodifiableSequencedMap(fillMap(new TreeMap<>(), 2, "b", 1, "a")),
                Collections.unmodifiableSortedMap(sorted), Collections.unmodifiableNavigableMap(sorted)));
        s.addAll(List.of(Collections.synchronizedCollection(fill(new ArrayDeque<>(), 1)),
                Collections.synchronizedSet(fill(new TreeSet<>(), 1)), Collections.synchronizedSortedSet(sortedSet),
                Collections.synchronizedNavigableSet(fill(new TreeSet<>(), 2)),
                Collections.synchronizedList(fill(new ArrayList<>(), 1, 2)),
                Collections.synchronizedList(fill(new LinkedList<>(), 3)),
                Collections.synchronizedMap(fillMap(new TreeMap<>(), "a", 1)),
                Collections.synchronizedSortedMap(sorted), Collections.synchronizedNavigableMap(sorted)));
        s.addAll(List.of(Collections.checkedCollection(raw(fill(new ArrayList<>(), "a")), String.class),
                Collections.checkedQueue(raw(fill(new ArrayDeque<>(), 1)), Integer.class),
                Collections.checkedSet(raw(fill(new TreeSet<>(), "s")), CharSequence.class),
                Collections.checkedSortedSet(raw(fill(new TreeSet<>(), 1)), Number.class),
                Collections.checkedNavigableSet(raw(fill(new TreeSet<>(), 1L)), Long.class),
                Collections.checkedList(raw(fill(new ArrayList<>(), "x")), Object.class),
                Collections.checkedList(new LinkedList<>(), int[].class),
                Collections.checkedMap(raw(fillMap(new TreeMap<>(), "k", 1)), String.class, Integer.class),
                Collections.checkedMap(raw(fillMap(new TreeMap<>(), 1, 2)), Integer.class, Integer.class),
                Collections.checkedMap(raw(fillMap(new TreeMap<>(), 1, 2.5)), Integer.class, Number.class),
                Collections.checkedMap(raw(fillMap(new TreeMap<>(), 1, 2)), Integer.class, Comparable.class),
                Collections.checkedSortedMap(raw(fillMap(new TreeMap<>(), "k", "v")), String.class, String.class),
                Collections.checkedNavigableMap(raw(fillMap(new TreeMap<>(), Color.RED, List.of())), Color.class,
                        List.class)));
        // java.util.concurrent
        ConcurrentHashMap<Object, Object> chm = fillMap(new ConcurrentHashMap<>(), "a", 1, "b", 2);
        ConcurrentHashMap.KeySetView<Object, Boolean> newKeySet = ConcurrentHashMap.newKeySet();
        newKeySet.add("k");
        s.addAll(List.of(chm, newKeySet, chm.keySet(), chm.keySet(0), chm.entrySet(), chm.values(),
                fillMap(new ConcurrentSkipListMap<>(), 3, "c", 1, "a"),
                fillMap(new ConcurrentSkipListMap<>(new ByLength()), "bb", 1, "a", 2),
                fill(new ConcurrentSkipListSet<>(), 3, 1), fill(new ConcurrentSkipListSet<>(new ByLength()), "bb", "a"),
                fill(new CopyOnWriteArrayList<>(), 1, null, 1), fill(new CopyOnWriteArraySet<>(), "x", "y"),
                fill(new ConcurrentLinkedQueue<>(), 1, 2), fill(new ConcurrentLinkedDeque<>(), 2, 1),
                fill(new LinkedBlockingQueue<>(), 1), fill(new LinkedBlockingQueue<>(5), 1, 2),
                fill(new LinkedBlockingDeque<>(3), 7), fill(new LinkedBlockingDeque<>(), 8),
                fill(new ArrayBlockingQueue<>(4), 1, 2), fill(new ArrayBlockingQueue<>(2, true), 3),
                fill(new LinkedTransferQueue<>(), 4), fill(new PriorityBlockingQueue<>(), 3, 1, 2),
                fill(new PriorityBlockingQueue<>(4, new ByLength()), "ccc", "a"), new SynchronousQueue<>(),
                new SynchronousQueue<>(true), new Semaphore(3), new Semaphore(-1, true), ThreadLocalRandom.current()));
        // java.util.concurrent.atomic
        LongAccumulator max = new LongAccumulator(new Max(), Long.MIN_VALUE);
        max.accumulate(17);
        DoubleAccumulator dmax = new DoubleAccumulator(new Max(), -1);
        dmax.accumulate(2.5);
        LongAdder adder = new LongAdder();
        adder.add(40);
        DoubleAdder dadder = new DoubleAdder();
        dadder.add(0.5);
        s.addAll(List.of(new AtomicBoolean(true), new AtomicInteger(-4), new AtomicLong(1L << 40),
                new AtomicReference<>("ref"), new AtomicIntegerArray(new int[] {1, 2}),
                new AtomicLongArray(new long[] {3}), new AtomicReferenceArray<>(new Object[] {"a", null}), adder,
                dadder, max, new LongAccumulator(new Max(), 0), dmax));
        // java.util.regex
        s.add(Pattern.compile("a+(b|c)*", Pattern.CASE_INSENSITIVE | Pattern.MULTILINE));
        // enums of the walked packages are added by the walk itself (all constants)
        return s;
    }

    static Calendar calendar(String type, String zone) {
        return new Calendar.Builder().setCalendarType(type).setTimeZone(TimeZone.getTimeZone(zone))
                .setInstant(1_700_000_000_123L).setWeekDefinition(Calendar.MONDAY, 4).build();
    }

    static Properties properties() {
        Properties defaults = new Properties();
        defaults.setProperty("d", "1");
        Properties p = new Properties(defaults);
        p.setProperty("k", "v");
        return p;
    }

    static EnumMap<DayOfWeek, Object> enumMap() {
        EnumMap<DayOfWeek, Object> m = new EnumMap<>(DayOfWeek.class);
        m.put(DayOfWeek.FRIDAY, "fri");
        m.put(DayOfWeek.MONDAY, List.of(1));
        return m;
    }

    // ------------------------------------------------------------------ the walk

    static List<Class<?>> walk() throws IOException {
        List<Class<?>> out = new ArrayList<>();
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        for (String pkg : PACKAGES) {
            Path dir = jrt.getPath("/modules/java.base/" + pkg);
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.sorted().toList()) {
                    String n = f.getFileName().toString();
                    if (!n.endsWith(".class") || n.equals("package-info.class")) {
                        continue;
                    }
                    String name = pkg.replace('/', '.') + "." + n.substring(0, n.length() - 6);
                    Class<?> c;
                    try {
                        c = Class.forName(name, false, ClassLoader.getPlatformClassLoader());
                    } catch (ClassNotFoundException | LinkageError e) {
                        continue;
                    }
                    if (Serializable.class.isAssignableFrom(c) && !c.isInterface()
                            && !Modifier.isAbstract(c.getModifiers()) && !c.isAnonymousClass()
                            && !(c.getSuperclass() != null && c.getSuperclass().isEnum())) {
                        out.add(c);
                    }
                }
            }
        }
        return out;
    }

    static List<Object> instancesOf(Class<?> c, Map<Class<?>, List<Object>> byClass) {
        if (c.isEnum()) {
            return List.of(c.getEnumConstants());
        }
        return byClass.getOrDefault(c, List.of());
    }

    static Map<Class<?>, List<Object>> byClass() throws Exception {
        Map<Class<?>, List<Object>> m = new LinkedHashMap<>();
        for (Object o : samples()) {
            m.computeIfAbsent(o.getClass(), k -> new ArrayList<>()).add(o);
        }
        return m;
    }

    @Test
    void everyJdkSerializableClassHasAFactoryOrAReason() throws Exception {
        List<Class<?>> walked = walk();
        assertTrue(walked.size() > 200, "the jrt:/ walk found only " + walked.size() + " classes");
        Map<Class<?>, List<Object>> byClass = byClass();
        List<String> missing = new ArrayList<>();
        for (Class<?> c : walked) {
            if (instancesOf(c, byClass).isEmpty() && !EXCLUDED.containsKey(c.getName()) && excludedByRule(c) == null) {
                missing.add(c.getName());
            }
        }
        assertEquals(List.of(), missing, "serializable JDK classes without a sample in JdkTypesTest.samples()"
                + " and without a reason in EXCLUDED");
        for (String name : EXCLUDED.keySet()) {
            assertTrue(walked.stream().anyMatch(c -> c.getName().equals(name)),
                    "EXCLUDED names a class the walk does not find: " + name);
        }
    }

    static Stream<Object> walkedInstances() throws Exception {
        Map<Class<?>, List<Object>> byClass = byClass();
        Set<Object> all = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Object> out = new ArrayList<>();
        for (Class<?> c : walk()) {
            if (!EXCLUDED.containsKey(c.getName()) && excludedByRule(c) == null) {
                for (Object o : instancesOf(c, byClass)) {
                    if (all.add(o)) {
                        out.add(o);
                    }
                }
            }
        }
        for (List<Object> l : byClass.values()) { // samples of classes outside the walked packages too
            for (Object o : l) {
                if (all.add(o)) {
                    out.add(o);
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("walkedInstances")
    void roundTripsLikeJavaSerialization(Object o) throws Exception {
        Object viaJava = javaRoundTrip(o); // the sample is serializable at all
        assertSameValue(o, viaJava, "Java serialization");
        Serialization ser = SER;
        if (o instanceof Enum<?> e && REFUSED_BY_DEFAULT_FILTER.contains(e.getDeclaringClass())) {
            byte[] bytes = SER.toBytes(o);
            SerialException refused = assertThrows(SerialException.class, () -> SER.fromBytes(bytes));
            assertTrue(refused.getMessage().contains("class filter"), refused.getMessage());
            ser = Serialization.builder().classFilter(ClassFilter.builder().withoutDefaultDenyList().build()).build();
        }
        Object back = ser.fromBytes(ser.toBytes(o));
        assertSameValue(o, back, "Mobula");
    }

    /**
     * Enums nested in classes of the default deny list (java.lang.Thread, java.lang.ProcessBuilder): the
     * default filter refuses a class and its nested classes by name, so these need a filter of one's own.
     */
    static final Set<Class<?>> REFUSED_BY_DEFAULT_FILTER = Set.of(Thread.State.class,
            ProcessBuilder.Redirect.Type.class);

    @Test
    void theTestJvmRunsWithoutAddOpens() {
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            assertFalse(arg.startsWith("--add-opens") || arg.startsWith("--add-exports"), arg);
        }
        assertFalse(Object.class.getModule().isOpen("java.util", JdkTypesTest.class.getModule()));
    }

    // ------------------------------------------------------------------ comparison

    static Object javaRoundTrip(Object o) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bos)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bos.toByteArray()))) {
            return in.readObject();
        }
    }

    static byte[] javaBytes(Object o) throws IOException {
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bos)) {
            out.writeObject(o);
        }
        return bos.toByteArray();
    }

    static boolean overridesEquals(Class<?> c) throws NoSuchMethodException {
        return c.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
    }

    /**
     * Same class; equal if the class defines equals (and in the same order if ordered); and, for classes
     * without equals or whose equals ignores part of the state (wrappers, comparators of sorted collections),
     * the same Java serial form, which covers element types, wrapped collections and comparators.
     */
    static void assertSameValue(Object expected, Object actual, String how) throws Exception {
        String what = how + ": " + expected.getClass().getName();
        assertEquals(expected.getClass(), actual.getClass(), what + " decoded class");
        if (expected instanceof StringBuilder || expected instanceof StringBuffer) {
            assertEquals(expected.toString(), actual.toString(), what);
            return;
        }
        if (expected instanceof URL u) { // URL.equals resolves host names
            assertEquals(u.toExternalForm(), ((URL) actual).toExternalForm(), what);
            return;
        }
        if (expected instanceof ThreadLocalRandom) {
            assertSame(ThreadLocalRandom.current(), actual, what);
            return;
        }
        if (expected instanceof Random r) {
            Random copy = (Random) javaRoundTrip(r); // leave the sample's sequence alone
            assertEquals(copy.nextLong(), ((Random) actual).nextLong(), what);
            return;
        }
        if (expected instanceof IdentityHashMap<?, ?> m) { // equals compares keys by identity
            assertEquals(new HashMap<>(m), new HashMap<>((Map<?, ?>) actual), what);
            return;
        }
        // Collections.checkedQueue inherits identity equals from the queue it wraps
        boolean equality = overridesEquals(expected.getClass()) && !(expected instanceof Queue<?>
                && expected.getClass().getName().startsWith("java.util.Collections$"));
        if (equality) {
            assertEquals(expected, actual, what);
            if (expected instanceof SequencedCollection<?> || expected instanceof SortedSet<?>) {
                assertEquals(new ArrayList<>((Collection<?>) expected), new ArrayList<>((Collection<?>) actual),
                        what + " order");
            }
            if (expected instanceof SequencedMap<?, ?> || expected instanceof SortedMap<?, ?>) {
                assertEquals(new ArrayList<>(((Map<?, ?>) expected).entrySet()),
                        new ArrayList<>(((Map<?, ?>) actual).entrySet()), what + " order");
            }
        }
        if (!equality || serialFormMatters(expected)) {
            assertArrayEquals(javaBytes(expected), javaBytes(actual), what + " serial form");
        }
    }

    /**
     * Classes whose equals ignores state that their serial form keeps: the wrapped collection's class and
     * comparator, a checked collection's element types, a sorted collection's comparator, default properties.
     * (The samples of these use backing collections whose serial form does not depend on their capacity, or
     * hash-based ones sized for exactly their elements, as the decoder sizes them.)
     */
    static boolean serialFormMatters(Object o) {
        String n = o.getClass().getName();
        return (n.startsWith("java.util.Collections$") && !n.contains("Empty") && !n.contains("Singleton"))
                || o instanceof TreeMap<?, ?> || o instanceof TreeSet<?> || o instanceof ConcurrentSkipListMap<?, ?>
                || o instanceof ConcurrentSkipListSet<?> || o instanceof Properties;
    }

    static LinkedHashSet<Object> lhs(Object... elements) {
        return fill(LinkedHashSet.newLinkedHashSet(elements.length), elements);
    }

    @Test
    void optionalIsNotSerializableInTheJdkAndMobulaKeepsItsBuiltIn() throws Exception {
        assertFalse(Serializable.class.isAssignableFrom(Optional.class));
        assertEquals(Optional.of("x"), SER.fromBytes(SER.toBytes(Optional.of("x"))));
    }
}
