package io.mobula.serial;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * Serializers for common JDK types, with ids fixed by the wire version so that no descriptor is ever
 * sent for them. Several classes may share an id (e.g. the List.of implementations); the reader then
 * decodes to one representative class with the same behaviour (unmodifiable, same iteration order).
 */
final class Builtins {
    static final int ID_STRING = 1;
    static final int ID_BOOLEAN_ARRAY = 10;
    static final int ID_BYTE_ARRAY = 11;
    static final int ID_SHORT_ARRAY = 12;
    static final int ID_CHAR_ARRAY = 13;
    static final int ID_INT_ARRAY = 14;
    static final int ID_LONG_ARRAY = 15;
    static final int ID_FLOAT_ARRAY = 16;
    static final int ID_DOUBLE_ARRAY = 17;

    private static final Serializer<?>[] BY_ID = new Serializer<?>[WireFormat.FIRST_DYNAMIC_ID];
    private static final Map<Class<?>, Integer> IDS = new IdentityHashMap<>();
    private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();

    private Builtins() {}

    /**
     * @return the predefined id of c, or 0. The built-ins of the other JDK classes ({@link Jdk}) are set up on
     *     first use, when a class of the JDK's loaders other than an array class is looked up or such an id is read
     *     (they hold no array class, so a program sending {@code int[][]} does not pay for their set-up)
     */
    static int idOf(Class<?> c) {
        Integer id = IDS.get(c);
        if (id != null) {
            return id;
        }
        return !c.isArray() && isJdkClass(c) ? Jdk.idOf(c) : 0;
    }

    /**
     * Whether c comes from the JDK's own loaders (only those classes can have a built-in in {@link Jdk}). Kept here,
     * not in {@link Jdk}, since asking that class anything sets up its tables.
     */
    private static boolean isJdkClass(Class<?> c) {
        ClassLoader l = c.getClassLoader();
        return l == null || l == PLATFORM;
    }

    static Serializer<?> byId(int id) {
        if (id <= 0 || id >= BY_ID.length) {
            return null;
        }
        Serializer<?> s = BY_ID[id];
        return s != null ? s : Jdk.byId(id);
    }

    /** @return the core built-in of id (not the lazily set up JDK ones), or null */
    static Serializer<?> coreById(int id) {
        return BY_ID[id];
    }

    static Serializer<?> forClass(Class<?> c) {
        int id = idOf(c);
        return id == 0 ? null : byId(id);
    }

    static <T> void reg(int id, Class<T> c, Builtin.Writer<T> w, Builtin.Reader<T> r) {
        reg(id, c, new Builtin<>(c, w, r));
    }

    static void reg(int id, Class<?> c, Serializer<?> s) {
        if (BY_ID[id] != null) {
            throw new IllegalStateException("duplicate built-in id " + id);
        }
        BY_ID[id] = s;
        IDS.put(c, id);
    }

    static void alias(Class<?> c, int id) {
        IDS.putIfAbsent(c, id);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static <T> Class<T> cls(Class c) {
        return (Class<T>) c;
    }

    static {
        reg(ID_STRING, String.class, SerialWriter::writeString, SerialReader::readString);
        reg(2, Boolean.class, SerialWriter::writeBoolean, SerialReader::readBoolean);
        reg(3, Byte.class, SerialWriter::writeByte, SerialReader::readByte);
        reg(4, Short.class, SerialWriter::writeShort, SerialReader::readShort);
        reg(5, Character.class, SerialWriter::writeChar, SerialReader::readChar);
        reg(6, Integer.class, SerialWriter::writeInt, SerialReader::readInt);
        reg(7, Long.class, SerialWriter::writeLong, SerialReader::readLong);
        reg(8, Float.class, SerialWriter::writeFloat, SerialReader::readFloat);
        reg(9, Double.class, SerialWriter::writeDouble, SerialReader::readDouble);

        reg(ID_BOOLEAN_ARRAY, boolean[].class, SerialWriter::writeBooleanArrayBody,
                SerialReader::readBooleanArrayBody);
        reg(ID_BYTE_ARRAY, byte[].class, SerialWriter::writeByteArrayBody, SerialReader::readByteArrayBody);
        reg(ID_SHORT_ARRAY, short[].class, SerialWriter::writeShortArrayBody, SerialReader::readShortArrayBody);
        reg(ID_CHAR_ARRAY, char[].class, SerialWriter::writeCharArrayBody, SerialReader::readCharArrayBody);
        reg(ID_INT_ARRAY, int[].class, SerialWriter::writeIntArrayBody, SerialReader::readIntArrayBody);
        reg(ID_LONG_ARRAY, long[].class, SerialWriter::writeLongArrayBody, SerialReader::readLongArrayBody);
        reg(ID_FLOAT_ARRAY, float[].class, SerialWriter::writeFloatArrayBody, SerialReader::readFloatArrayBody);
        reg(ID_DOUBLE_ARRAY, double[].class, SerialWriter::writeDoubleArrayBody,
                SerialReader::readDoubleArrayBody);
        reg(18, Object[].class, new ObjectArraySerializer<>(Object[].class));
        reg(19, String[].class, new ObjectArraySerializer<>(String[].class));

        // mutable collections: register before reading elements so that cycles through them resolve
        reg(20, ArrayList.class, collection(ArrayList::new));
        reg(21, LinkedList.class, collection(n -> new LinkedList<>()));
        reg(22, HashMap.class, map(HashMap::newHashMap));
        reg(23, LinkedHashMap.class, map(LinkedHashMap::newLinkedHashMap));
        // sorted collections: the comparator (null for natural ordering), then the contents
        reg(24, TreeMap.class, new Builtin<TreeMap<Object, Object>>(cls(TreeMap.class), (out, m) -> {
            out.writeObject(m.comparator());
            writeMap(out, m);
        }, in -> {
            Comparator<Object> c = in.readObject(Comparator.class);
            return readMap(in, n -> new TreeMap<>(c));
        }));
        reg(25, TreeSet.class, new Builtin<TreeSet<Object>>(cls(TreeSet.class), (out, s) -> {
            out.writeObject(s.comparator());
            writeCollection(out, s);
        }, in -> {
            Comparator<Object> c = in.readObject(Comparator.class);
            return readCollection(in, n -> new TreeSet<>(c));
        }));
        reg(26, HashSet.class, collection(HashSet::newHashSet));
        reg(27, LinkedHashSet.class, collection(LinkedHashSet::newLinkedHashSet));
        reg(28, ArrayDeque.class, collection(ArrayDeque::new));
        reg(29, ConcurrentHashMap.class, map(ConcurrentHashMap::new));
        reg(30, Optional.class, new Builtin<Optional<Object>>(cls(Optional.class),
                (out, o) -> out.writeObject(o.orElse(null)), in -> Optional.ofNullable(in.readObject())));

        reg(31, BigInteger.class, (out, v) -> out.writeByteArrayBody(v.toByteArray()),
                in -> new BigInteger(in.readByteArrayBody()));
        reg(32, BigDecimal.class, (out, v) -> {
            out.writeInt(v.scale());
            out.writeByteArrayBody(v.unscaledValue().toByteArray());
        }, in -> {
            int scale = in.readInt();
            return new BigDecimal(new BigInteger(in.readByteArrayBody()), scale);
        });
        reg(33, UUID.class, (out, v) -> {
            out.writeLong(v.getMostSignificantBits());
            out.writeLong(v.getLeastSignificantBits());
        }, in -> new UUID(in.readLong(), in.readLong()));
        reg(34, Date.class, (out, v) -> out.writeLong(v.getTime()), in -> new Date(in.readLong()));

        reg(40, LocalDate.class, Builtins::writeDate, Builtins::readDate);
        reg(41, LocalTime.class, (out, v) -> out.writeLong(v.toNanoOfDay()),
                in -> LocalTime.ofNanoOfDay(in.readLong()));
        reg(42, LocalDateTime.class, Builtins::writeDateTime, Builtins::readDateTime);
        reg(43, Instant.class, (out, v) -> {
            out.writeLong(v.getEpochSecond());
            out.writeInt(v.getNano());
        }, in -> Instant.ofEpochSecond(in.readLong(), in.readInt()));
        reg(44, Duration.class, (out, v) -> {
            out.writeLong(v.getSeconds());
            out.writeInt(v.getNano());
        }, in -> Duration.ofSeconds(in.readLong(), in.readInt()));
        reg(45, ZonedDateTime.class, (out, v) -> {
            writeDateTime(out, v.toLocalDateTime());
            out.writeInt(v.getOffset().getTotalSeconds());
            out.writeString(v.getZone().getId());
        }, in -> {
            LocalDateTime ldt = readDateTime(in);
            ZoneOffset off = ZoneOffset.ofTotalSeconds(in.readInt());
            return ZonedDateTime.ofInstant(ldt, off, ZoneId.of(String.valueOf(in.readString())));
        });
        reg(46, OffsetDateTime.class, (out, v) -> {
            writeDateTime(out, v.toLocalDateTime());
            out.writeInt(v.getOffset().getTotalSeconds());
        }, in -> OffsetDateTime.of(readDateTime(in), ZoneOffset.ofTotalSeconds(in.readInt())));
        reg(47, ZoneOffset.class, (out, v) -> out.writeInt(v.getTotalSeconds()),
                in -> ZoneOffset.ofTotalSeconds(in.readInt()));
        reg(48, cls(ZoneId.of("Europe/Paris").getClass()), new Builtin<ZoneId>(ZoneId.class,
                (out, v) -> out.writeString(v.getId()), in -> ZoneId.of(String.valueOf(in.readString()))));
        reg(49, Period.class, (out, v) -> {
            out.writeInt(v.getYears());
            out.writeInt(v.getMonths());
            out.writeInt(v.getDays());
        }, in -> Period.of(in.readInt(), in.readInt(), in.readInt()));
        reg(50, Year.class, (out, v) -> out.writeInt(v.getValue()), in -> Year.of(in.readInt()));
        reg(51, YearMonth.class, (out, v) -> {
            out.writeInt(v.getYear());
            out.writeByte((byte) v.getMonthValue());
        }, in -> YearMonth.of(in.readInt(), in.readByte()));
        reg(52, MonthDay.class, (out, v) -> {
            out.writeByte((byte) v.getMonthValue());
            out.writeByte((byte) v.getDayOfMonth());
        }, in -> MonthDay.of(in.readByte(), in.readByte()));
        reg(53, DayOfWeek.class, new EnumSerializer<>(DayOfWeek.class));
        reg(54, Month.class, new EnumSerializer<>(Month.class));

        // unmodifiable collections decode as their List.of / Set.of / Map.of equivalents
        reg(60, cls(List.of(1, 2, 3).getClass()), new Builtin<List<Object>>(cls(List.class),
                Builtins::writeCollection, Builtins::readImmutableList));
        alias(List.of().getClass(), 60);
        alias(List.of(1).getClass(), 60);
        alias(List.of(1, 2).getClass(), 60);
        alias(Arrays.asList(1, null).stream().toList().getClass(), 60);
        alias(List.of(1, 2, 3, 4).subList(1, 3).getClass(), 60);
        reg(61, cls(Set.of(1, 2, 3).getClass()), new Builtin<Set<Object>>(cls(Set.class),
                Builtins::writeCollection, in -> Set.of(readHashedArray(in))));
        alias(Set.of().getClass(), 61);
        alias(Set.of(1).getClass(), 61);
        alias(Set.of(1, 2).getClass(), 61);
        reg(62, cls(Map.of(1, 2, 3, 4).getClass()), new Builtin<Map<Object, Object>>(cls(Map.class),
                Builtins::writeMap, in -> Map.copyOf(readMap(in, HashMap::newHashMap))));
        alias(Map.of().getClass(), 62);
        alias(Map.of(1, 2).getClass(), 62);
        reg(63, cls(Collections.emptyList().getClass()), new Builtin<List<Object>>(cls(List.class),
                (out, v) -> { }, in -> Collections.emptyList()));
        reg(64, cls(Collections.emptySet().getClass()), new Builtin<Set<Object>>(cls(Set.class),
                (out, v) -> { }, in -> Collections.emptySet()));
        reg(65, cls(Collections.emptyMap().getClass()), new Builtin<Map<Object, Object>>(cls(Map.class),
                (out, v) -> { }, in -> Collections.emptyMap()));
        reg(66, cls(Collections.singletonList(1).getClass()), new Builtin<List<Object>>(cls(List.class),
                (out, v) -> out.writeObject(v.get(0)), in -> Collections.singletonList(in.readObject())));
        reg(67, cls(Collections.singleton(1).getClass()), new Builtin<Set<Object>>(cls(Set.class),
                (out, v) -> out.writeObject(v.iterator().next()), in -> Collections.singleton(in.readObject())));
        reg(68, cls(Collections.singletonMap(1, 2).getClass()), new Builtin<Map<Object, Object>>(cls(Map.class),
                (out, v) -> {
                    Map.Entry<Object, Object> e = v.entrySet().iterator().next();
                    out.writeObject(e.getKey());
                    out.writeObject(e.getValue());
                }, in -> Collections.singletonMap(in.readObject(), in.readObject())));
        reg(69, cls(Arrays.asList(1).getClass()), new Builtin<List<Object>>(cls(List.class),
                Builtins::writeCollection, in -> {
                    Object[] a = readArray(in);
                    return Arrays.asList(a);
                }));
    }

    static <C extends Collection<Object>> Builtin<C> collection(IntFunction<C> factory) {
        C sample = factory.apply(0);
        return new Builtin<>(cls(sample.getClass()), Builtins::writeCollection, in -> readCollection(in, factory));
    }

    static <M extends Map<Object, Object>> Builtin<M> map(IntFunction<M> factory) {
        M sample = factory.apply(0);
        return new Builtin<>(cls(sample.getClass()), Builtins::writeMap, in -> readMap(in, factory));
    }

    static void writeCollection(SerialWriter out, Collection<?> c) throws IOException {
        int n = c.size();
        out.writeVarInt(n);
        int written = 0;
        for (Object o : c) {
            if (written++ == n) {
                break;
            }
            out.writeObject(o);
        }
        if (written != n) {
            throw new SerialException(c.getClass().getName() + " changed size while being written");
        }
    }

    static <C extends Collection<Object>> C readCollection(SerialReader in, IntFunction<C> factory)
            throws IOException {
        int n = in.readLength(1);
        C c = factory.apply(n);
        in.register(c);
        boolean hashed = c instanceof Set;
        for (int i = 0; i < n; i++) {
            Object e = in.readObject();
            if (hashed) {
                in.chargeHashing(e);
            }
            c.add(e);
        }
        return c;
    }

    static Object[] readArray(SerialReader in) throws IOException {
        int n = in.readLength(1);
        Object[] a = new Object[n];
        for (int i = 0; i < n; i++) {
            a[i] = in.readObject();
        }
        return a;
    }

    /** {@link #readArray} for elements about to be hashed into a set: each charged ({@link HashWork}). */
    static Object[] readHashedArray(SerialReader in) throws IOException {
        Object[] a = readArray(in);
        for (Object o : a) {
            in.chargeHashing(o);
        }
        return a;
    }

    private static List<Object> readImmutableList(SerialReader in) throws IOException {
        Object[] a = readArray(in);
        for (Object o : a) {
            if (o == null) {
                return Arrays.stream(a).toList(); // Stream.toList allows nulls
            }
        }
        return List.of(a);
    }

    static void writeMap(SerialWriter out, Map<?, ?> m) throws IOException {
        int n = m.size();
        out.writeVarInt(n);
        int written = 0;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (written++ == n) {
                break;
            }
            out.writeObject(e.getKey());
            out.writeObject(e.getValue());
        }
        if (written != n) {
            throw new SerialException(m.getClass().getName() + " changed size while being written");
        }
    }

    static <M extends Map<Object, Object>> M readMap(SerialReader in, IntFunction<M> factory)
            throws IOException {
        int n = in.readLength(2);
        M m = factory.apply(n);
        in.register(m);
        boolean hashed = !(m instanceof IdentityHashMap);
        for (int i = 0; i < n; i++) {
            Object k = in.readObject();
            if (hashed) {
                in.chargeHashing(k);
            }
            m.put(k, in.readObject());
        }
        return m;
    }

    private static void writeDate(SerialWriter out, LocalDate d) throws IOException {
        out.writeInt(d.getYear());
        out.writeByte((byte) d.getMonthValue());
        out.writeByte((byte) d.getDayOfMonth());
    }

    private static LocalDate readDate(SerialReader in) throws IOException {
        return LocalDate.of(in.readInt(), in.readByte(), in.readByte());
    }

    private static void writeDateTime(SerialWriter out, LocalDateTime v) throws IOException {
        writeDate(out, v.toLocalDate());
        out.writeLong(v.toLocalTime().toNanoOfDay());
    }

    private static LocalDateTime readDateTime(SerialReader in) throws IOException {
        LocalDate d = readDate(in);
        return LocalDateTime.of(d, LocalTime.ofNanoOfDay(in.readLong()));
    }
}
