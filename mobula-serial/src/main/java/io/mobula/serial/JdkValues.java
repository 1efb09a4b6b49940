package io.mobula.serial;

import java.io.IOException;
import java.math.MathContext;
import java.math.RoundingMode;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetPermission;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.SocketPermission;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLPermission;
import java.net.UnixDomainSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.time.InstantSource;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.chrono.ChronoLocalDate;
import java.time.chrono.ChronoLocalDateTime;
import java.time.chrono.ChronoPeriod;
import java.time.chrono.ChronoZonedDateTime;
import java.time.chrono.Chronology;
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
import java.time.temporal.ChronoUnit;
import java.util.Calendar;
import java.util.Currency;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.PropertyPermission;
import java.util.Random;
import java.util.SimpleTimeZone;
import java.util.TimeZone;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Built-in serializers for JDK value classes that Java serialization sends but whose packages Mobula's
 * reflective fallback cannot open (java.lang, java.util, java.util.concurrent.atomic, java.time, java.net,
 * java.math, java.sql). Each body holds what the class's public API exposes and rebuilds the value through
 * it; where a value cannot be rebuilt exactly, the writer fails with a {@link SerialException} naming the
 * class rather than send something different. See docs/WIRE.md for the ids and bodies.
 */
final class JdkValues {
    static final int ID_LOCALE = 35;
    static final int ID_CURRENCY = 36;
    static final int ID_STRING_BUILDER = 37;
    static final int ID_STRING_BUFFER = 38;
    static final int ID_PATTERN = 39;
    static final int ID_OFFSET_TIME = 55;
    static final int ID_CHRONO_DATE = 56;
    static final int ID_CHRONOLOGY = 57;
    static final int ID_JAPANESE_ERA = 58;
    static final int ID_TIME_MISC = 59;
    static final int ID_ATOMIC = 91;
    static final int ID_URI = 92;
    static final int ID_URL = 93;
    static final int ID_INET_ADDRESS = 94;
    static final int ID_INET_SOCKET_ADDRESS = 95;
    static final int ID_UNIX_SOCKET_ADDRESS = 96;
    static final int ID_CALENDAR = 97;
    static final int ID_TIME_ZONE = 98;
    static final int ID_RANDOM = 99;
    static final int ID_STACK_TRACE_ELEMENT = 100;
    static final int ID_MATH_CONTEXT = 101;
    static final int ID_SQL = 102;
    static final int ID_PERMISSION = 103;

    /** {@code java.util.Random}'s seed scrambler: {@code setSeed(s)} stores {@code s ^ MULTIPLIER}. */
    private static final long RANDOM_MULTIPLIER = 0x5DEECE66DL;

    private JdkValues() {}

    static void register() {
        // ---- java.lang, java.util, java.math values
        Jdk.reg(ID_LOCALE, Locale.class, JdkValues::writeLocale, JdkValues::readLocale);
        Jdk.reg(ID_CURRENCY, Currency.class, (out, c) -> out.writeString(c.getCurrencyCode()),
                in -> Currency.getInstance(String.valueOf(in.readString())));
        Jdk.reg(ID_STRING_BUILDER, StringBuilder.class, (out, s) -> out.writeString(s.toString()),
                in -> new StringBuilder(nonNull(in.readString(), "StringBuilder")));
        Jdk.reg(ID_STRING_BUFFER, StringBuffer.class, (out, s) -> out.writeString(s.toString()),
                in -> new StringBuffer(nonNull(in.readString(), "StringBuffer")));
        Jdk.reg(ID_PATTERN, Pattern.class, (out, p) -> {
            out.writeString(p.pattern());
            out.writeInt(p.flags());
        }, in -> {
            String regex = nonNull(in.readString(), "Pattern");
            return Pattern.compile(regex, in.readInt());
        });
        Jdk.reg(ID_STACK_TRACE_ELEMENT, StackTraceElement.class, (out, e) -> {
            out.writeString(e.getClassLoaderName());
            out.writeString(e.getModuleName());
            out.writeString(e.getModuleVersion());
            out.writeString(e.getClassName());
            out.writeString(e.getMethodName());
            out.writeString(e.getFileName());
            out.writeInt(e.getLineNumber());
        }, in -> new StackTraceElement(in.readString(), in.readString(), in.readString(),
                nonNull(in.readString(), "class name"), nonNull(in.readString(), "method name"), in.readString(),
                in.readInt()));
        Jdk.reg(ID_MATH_CONTEXT, MathContext.class, (out, m) -> {
            out.writeVarInt(m.getPrecision());
            out.writeVarInt(m.getRoundingMode().ordinal());
        }, in -> {
            int precision = in.readVarInt();
            int mode = in.readVarInt();
            if (mode < 0 || mode >= RoundingMode.values().length) {
                throw new SerialException("bad RoundingMode ordinal " + mode);
            }
            return new MathContext(precision, RoundingMode.values()[mode]);
        });

        Family atomics = new Family(AtomicInteger.class, "atomic values");
        atomics.kind(AtomicBoolean.class, (SerialWriter out, AtomicBoolean a) -> out.writeBoolean(a.get()),
                in -> new AtomicBoolean(in.readBoolean()));
        atomics.kind(AtomicInteger.class, (SerialWriter out, AtomicInteger a) -> out.writeInt(a.get()),
                in -> new AtomicInteger(in.readInt()));
        atomics.kind(AtomicLong.class, (SerialWriter out, AtomicLong a) -> out.writeLong(a.get()),
                in -> new AtomicLong(in.readLong()));
        atomics.kind(AtomicReference.class, (SerialWriter out, AtomicReference<?> a) -> out.writeObject(a.get()),
                in -> {
                    AtomicReference<Object> a = new AtomicReference<>();
                    in.register(a);
                    a.set(in.readObject());
                    return a;
                });
        atomics.kind(AtomicIntegerArray.class, (SerialWriter out, AtomicIntegerArray a) -> {
            int[] v = new int[a.length()];
            for (int i = 0; i < v.length; i++) {
                v[i] = a.get(i);
            }
            out.writeIntArrayBody(v);
        }, in -> new AtomicIntegerArray(in.readIntArrayBody()));
        atomics.kind(AtomicLongArray.class, (SerialWriter out, AtomicLongArray a) -> {
            long[] v = new long[a.length()];
            for (int i = 0; i < v.length; i++) {
                v[i] = a.get(i);
            }
            out.writeLongArrayBody(v);
        }, in -> new AtomicLongArray(in.readLongArrayBody()));
        atomics.kind(AtomicReferenceArray.class, (SerialWriter out, AtomicReferenceArray<?> a) -> {
            int n = a.length();
            out.writeVarInt(n);
            for (int i = 0; i < n; i++) {
                out.writeObject(a.get(i));
            }
        }, in -> {
            int n = in.readLength(1);
            AtomicReferenceArray<Object> a = new AtomicReferenceArray<>(n);
            in.register(a);
            for (int i = 0; i < n; i++) {
                a.set(i, in.readObject());
            }
            return a;
        });
        atomics.kind(LongAdder.class, (SerialWriter out, LongAdder a) -> out.writeLong(a.sum()), in -> {
            LongAdder a = new LongAdder();
            a.add(in.readLong());
            return a;
        });
        atomics.kind(DoubleAdder.class, (SerialWriter out, DoubleAdder a) -> out.writeDouble(a.sum()), in -> {
            DoubleAdder a = new DoubleAdder();
            a.add(in.readDouble());
            return a;
        });
        atomics.kind(LongAccumulator.class, (SerialWriter out, LongAccumulator a) -> {
            long[] iv = new long[2];
            Object fn = accumulatorState(a, LongBinaryOperator.class, iv);
            out.writeLong(iv[0]);
            out.writeLong(iv[1]);
            out.writeObject(fn);
        }, in -> {
            long identity = in.readLong();
            long value = in.readLong();
            LongBinaryOperator fn = Jdk.readNonNull(in, LongBinaryOperator.class, "LongAccumulator function");
            LongAccumulator a = new LongAccumulator(fn, identity);
            if (value != identity) {
                if (fn.applyAsLong(identity, value) != value) {
                    throw new SerialException("cannot restore a LongAccumulator holding " + value
                            + ": its function does not map (identity, value) to value");
                }
                a.accumulate(value);
            }
            return a;
        });
        atomics.kind(DoubleAccumulator.class, (SerialWriter out, DoubleAccumulator a) -> {
            long[] iv = new long[2];
            Object fn = accumulatorState(a, DoubleBinaryOperator.class, iv);
            out.writeLong(iv[0]);
            out.writeLong(iv[1]);
            out.writeObject(fn);
        }, in -> {
            double identity = Double.longBitsToDouble(in.readLong());
            double value = Double.longBitsToDouble(in.readLong());
            DoubleBinaryOperator fn = Jdk.readNonNull(in, DoubleBinaryOperator.class, "DoubleAccumulator function");
            DoubleAccumulator a = new DoubleAccumulator(fn, identity);
            if (Double.compare(value, identity) != 0) {
                if (Double.compare(fn.applyAsDouble(identity, value), value) != 0) {
                    throw new SerialException("cannot restore a DoubleAccumulator holding " + value
                            + ": its function does not map (identity, value) to value");
                }
                a.accumulate(value);
            }
            return a;
        });
        atomics.kind(Semaphore.class, (SerialWriter out, Semaphore s) -> {
            out.writeInt(s.availablePermits());
            out.writeBoolean(s.isFair());
        }, in -> new Semaphore(in.readInt(), in.readBoolean()));
        atomics.register(ID_ATOMIC);

        Family random = new Family(Random.class, "random generators");
        random.kind(Random.class, JdkValues::writeRandom, in -> {
            Random r = new Random();
            r.setSeed(in.readLong() ^ RANDOM_MULTIPLIER);
            return r;
        });
        random.kind(ThreadLocalRandom.class, (out, r) -> { }, in -> ThreadLocalRandom.current());
        random.register(ID_RANDOM);

        Jdk.reg(ID_CALENDAR, Builtins.<Calendar>cls(GregorianCalendar.class), JdkValues::writeCalendar,
                JdkValues::readCalendar);
        for (Class<?> c : CALENDAR_CLASSES.values()) {
            if (c != GregorianCalendar.class) {
                Jdk.alias(c, ID_CALENDAR);
            }
        }

        Family zones = new Family(TimeZone.class, "time zones");
        zones.kind(Jdk.jdkClass("sun.util.calendar.ZoneInfo"), (SerialWriter out, TimeZone z) -> {
            if (!TimeZone.getTimeZone(z.getID()).equals(z)) {
                throw new SerialException("TimeZone " + z.getID() + " differs from the zone of that id (modified"
                        + " after creation), so it cannot be rebuilt");
            }
            out.writeString(z.getID());
        }, in -> TimeZone.getTimeZone(nonNull(in.readString(), "time zone id")));
        zones.kind(SimpleTimeZone.class, JdkValues::writeSimpleTimeZone, JdkValues::readSimpleTimeZone);
        zones.register(ID_TIME_ZONE);

        // ---- java.time
        Jdk.reg(ID_OFFSET_TIME, OffsetTime.class, (out, t) -> {
            out.writeLong(t.toLocalTime().toNanoOfDay());
            out.writeInt(t.getOffset().getTotalSeconds());
        }, in -> OffsetTime.of(LocalTime.ofNanoOfDay(in.readLong()), ZoneOffset.ofTotalSeconds(in.readInt())));
        Family chronoDates = new Family(JapaneseDate.class, "chronology dates");
        chronoDates.kind(HijrahDate.class, (SerialWriter out, HijrahDate d) -> {
            out.writeString(d.getChronology().getId());
            out.writeLong(d.toEpochDay());
        }, in -> {
            Chronology c = Chronology.of(nonNull(in.readString(), "chronology id"));
            if (!(c instanceof HijrahChronology)) {
                throw new SerialException("chronology " + c.getId() + " is not a Hijrah chronology");
            }
            return c.dateEpochDay(in.readLong());
        });
        chronoDates.kind(JapaneseDate.class, (SerialWriter out, JapaneseDate d) -> out.writeLong(d.toEpochDay()),
                in -> JapaneseChronology.INSTANCE.dateEpochDay(in.readLong()));
        chronoDates.kind(MinguoDate.class, (SerialWriter out, MinguoDate d) -> out.writeLong(d.toEpochDay()),
                in -> MinguoChronology.INSTANCE.dateEpochDay(in.readLong()));
        chronoDates.kind(ThaiBuddhistDate.class, (SerialWriter out, ThaiBuddhistDate d) ->
                out.writeLong(d.toEpochDay()), in -> ThaiBuddhistChronology.INSTANCE.dateEpochDay(in.readLong()));
        chronoDates.register(ID_CHRONO_DATE);

        Family chronologies = new Family(IsoChronology.class, "chronologies");
        chronologies.kind(IsoChronology.class, (out, c) -> { }, in -> IsoChronology.INSTANCE);
        chronologies.kind(HijrahChronology.class, (SerialWriter out, HijrahChronology c) -> out.writeString(c.getId()),
                in -> {
                    Chronology c = Chronology.of(nonNull(in.readString(), "chronology id"));
                    if (!(c instanceof HijrahChronology)) {
                        throw new SerialException("chronology " + c.getId() + " is not a Hijrah chronology");
                    }
                    return c;
                });
        chronologies.kind(JapaneseChronology.class, (out, c) -> { }, in -> JapaneseChronology.INSTANCE);
        chronologies.kind(MinguoChronology.class, (out, c) -> { }, in -> MinguoChronology.INSTANCE);
        chronologies.kind(ThaiBuddhistChronology.class, (out, c) -> { }, in -> ThaiBuddhistChronology.INSTANCE);
        chronologies.register(ID_CHRONOLOGY);

        Jdk.reg(ID_JAPANESE_ERA, JapaneseEra.class, (out, e) -> out.writeInt(e.getValue()),
                in -> JapaneseEra.of(in.readInt()));

        Family timeMisc = new Family(ChronoLocalDateTime.class, "java.time views and clocks");
        timeMisc.kind(Jdk.jdkClass("java.time.chrono.ChronoLocalDateTimeImpl"),
                (SerialWriter out, ChronoLocalDateTime<?> t) -> {
            out.writeObject(t.toLocalDate());
            out.writeLong(t.toLocalTime().toNanoOfDay());
        }, in -> {
            ChronoLocalDate d = Jdk.readNonNull(in, ChronoLocalDate.class, "date");
            return d.atTime(LocalTime.ofNanoOfDay(in.readLong()));
        });
        timeMisc.kind(Jdk.jdkClass("java.time.chrono.ChronoZonedDateTimeImpl"),
                (SerialWriter out, ChronoZonedDateTime<?> t) -> {
                    out.writeObject(t.getChronology());
                    out.writeLong(t.toEpochSecond());
                    out.writeInt(t.toLocalTime().getNano());
                    out.writeObject(t.getZone());
                }, in -> {
                    Chronology c = Jdk.readNonNull(in, Chronology.class, "chronology");
                    Instant i = Instant.ofEpochSecond(in.readLong(), in.readInt());
                    return c.zonedDateTime(i, Jdk.readNonNull(in, ZoneId.class, "zone"));
                });
        timeMisc.kind(Jdk.jdkClass("java.time.chrono.ChronoPeriodImpl"), (SerialWriter out, ChronoPeriod p) -> {
            out.writeObject(p.getChronology());
            out.writeInt(Math.toIntExact(p.get(ChronoUnit.YEARS)));
            out.writeInt(Math.toIntExact(p.get(ChronoUnit.MONTHS)));
            out.writeInt(Math.toIntExact(p.get(ChronoUnit.DAYS)));
        }, in -> Jdk.readNonNull(in, Chronology.class, "chronology").period(in.readInt(), in.readInt(), in.readInt()));
        timeMisc.kind(Jdk.jdkClass("java.time.Clock$SystemClock"), (SerialWriter out, Clock c) -> out.writeObject(c.getZone()),
                in -> Clock.system(Jdk.readNonNull(in, ZoneId.class, "zone")));
        timeMisc.kind(Jdk.jdkClass("java.time.Clock$FixedClock"), (SerialWriter out, Clock c) -> {
            Instant i = c.instant();
            out.writeLong(i.getEpochSecond());
            out.writeInt(i.getNano());
            out.writeObject(c.getZone());
        }, in -> {
            Instant i = Instant.ofEpochSecond(in.readLong(), in.readInt());
            return Clock.fixed(i, Jdk.readNonNull(in, ZoneId.class, "zone"));
        });
        timeMisc.kind(Jdk.jdkClass("java.time.Clock$SystemInstantSource"), (out, s) -> { },
                in -> InstantSource.system());
        timeMisc.register(ID_TIME_MISC);

        // ---- java.net
        Jdk.reg(ID_URI, URI.class, (out, u) -> out.writeString(u.toString()), in -> {
            try {
                return new URI(nonNull(in.readString(), "URI"));
            } catch (URISyntaxException e) {
                throw new SerialException("bad URI: " + e.getMessage(), e);
            }
        });
        Jdk.reg(ID_URL, URL.class, (out, u) -> out.writeString(u.toExternalForm()), JdkValues::readUrl);
        Family inet = new Family(InetAddress.class, "IP addresses");
        inet.kind(Inet4Address.class, (SerialWriter out, Inet4Address a) -> {
            out.writeString(hostNameOf(a));
            out.writeInt(ByteBuffer.wrap(a.getAddress()).getInt());
        }, in -> {
            String host = in.readString();
            byte[] b = ByteBuffer.allocate(4).putInt(in.readInt()).array();
            try {
                return InetAddress.getByAddress(host, b);
            } catch (UnknownHostException e) {
                throw new SerialException("bad IPv4 address: " + e.getMessage(), e);
            }
        });
        inet.kind(Inet6Address.class, JdkValues::writeInet6, JdkValues::readInet6);
        inet.register(ID_INET_ADDRESS);
        Jdk.reg(ID_INET_SOCKET_ADDRESS, InetSocketAddress.class, (out, a) -> {
            out.writeBoolean(a.isUnresolved());
            if (a.isUnresolved()) {
                out.writeString(a.getHostString());
            } else {
                out.writeObject(a.getAddress());
            }
            out.writeShort((short) a.getPort());
        }, in -> {
            if (in.readBoolean()) {
                String host = nonNull(in.readString(), "host");
                return InetSocketAddress.createUnresolved(host, in.readShort() & 0xFFFF);
            }
            InetAddress addr = Jdk.readNonNull(in, InetAddress.class, "address");
            return new InetSocketAddress(addr, in.readShort() & 0xFFFF);
        });
        Jdk.reg(ID_UNIX_SOCKET_ADDRESS, UnixDomainSocketAddress.class,
                (out, a) -> out.writeString(a.getPath().toString()),
                in -> UnixDomainSocketAddress.of(nonNull(in.readString(), "path")));

        Family permissions = new Family(RuntimePermission.class, "permissions");
        permissions.kind(RuntimePermission.class, (SerialWriter out, RuntimePermission p) -> out.writeString(p.getName()),
                in -> new RuntimePermission(nonNull(in.readString(), "name")));
        permissions.kind(NetPermission.class, (SerialWriter out, NetPermission p) -> out.writeString(p.getName()),
                in -> new NetPermission(nonNull(in.readString(), "name")));
        permissions.kind(PropertyPermission.class, JdkValues::writePermission,
                in -> new PropertyPermission(nonNull(in.readString(), "name"), in.readString()));
        permissions.kind(SocketPermission.class, JdkValues::writePermission,
                in -> new SocketPermission(nonNull(in.readString(), "name"), in.readString()));
        permissions.kind(URLPermission.class, JdkValues::writePermission,
                in -> new URLPermission(nonNull(in.readString(), "name"), in.readString()));
        permissions.register(ID_PERMISSION);

        try {
            Sql.register();
        } catch (LinkageError e) {
            // java.sql is not in the module graph: its classes cannot occur in an object graph either
        }
    }

    private static String nonNull(String s, String what) throws SerialException {
        if (s == null) {
            throw new SerialException("null " + what);
        }
        return s;
    }

    // ------------------------------------------------------------------ java.util

    private static void writeLocale(SerialWriter out, Locale l) throws IOException {
        String tag = l.toLanguageTag();
        if (Locale.forLanguageTag(tag).equals(l)) {
            out.writeByte((byte) 0);
            out.writeString(tag);
        } else if (Locale.of(l.getLanguage(), l.getCountry(), l.getVariant()).equals(l)) {
            out.writeByte((byte) 1);
            out.writeString(l.getLanguage());
            out.writeString(l.getCountry());
            out.writeString(l.getVariant());
        } else {
            throw new SerialException("Locale " + l + " cannot be rebuilt from its language tag or its"
                    + " language, country and variant");
        }
    }

    private static Locale readLocale(SerialReader in) throws IOException {
        byte form = in.readByte();
        if (form == 0) {
            return Locale.forLanguageTag(nonNull(in.readString(), "language tag"));
        } else if (form == 1) {
            String language = nonNull(in.readString(), "language");
            String country = nonNull(in.readString(), "country");
            return Locale.of(language, country, nonNull(in.readString(), "variant"));
        }
        throw new SerialException("bad Locale form " + form);
    }

    /** Random keeps its seed private; its serial form ends with the seed (see {@link JdkPeek}). */
    private static void writeRandom(SerialWriter out, Random r) throws IOException {
        // Random.writeObject: putFields haveNextNextGaussian (1 byte), nextNextGaussian (8), seed (8); end of block
        JdkPeek p = JdkPeek.of(r);
        byte[] b = p.bytes();
        int n = b.length;
        if (n < 18 || b[n - 1] != 0x78 || (b[n - 18] & ~1) != 0) {
            throw new SerialException("cannot read the seed of java.util.Random from its serial form");
        }
        if (b[n - 18] != 0) {
            throw new SerialException("a java.util.Random whose next nextGaussian() value is already computed"
                    + " cannot be rebuilt through public API; send it before or after a pair of nextGaussian calls");
        }
        out.writeLong(ByteBuffer.wrap(b, n - 9, 8).getLong());
    }

    /** The (identity, value) of an accumulator and its function, from its serialization proxy. */
    private static Object accumulatorState(Object a, Class<?> fnType, long[] identityAndValue)
            throws SerialException {
        // proxy fields: identity (long), value (long or double), then function (replaced by null)
        JdkPeek p = JdkPeek.of(a);
        byte[] b = p.bytes();
        int n = b.length;
        Object fn = p.object(0);
        if (!fnType.isInstance(fn) || n < 17 || b[n - 1] != JdkPeek.TC_NULL) {
            throw new SerialException("cannot read the state of " + a.getClass().getName() + " from its serial form");
        }
        ByteBuffer bb = ByteBuffer.wrap(b);
        identityAndValue[0] = bb.getLong(n - 17);
        identityAndValue[1] = bb.getLong(n - 9);
        return fn;
    }

    /** Calendar.getCalendarType() -> the class Calendar.Builder makes for it (named, so nothing initializes). */
    private static final Map<String, Class<?>> CALENDAR_CLASSES = new HashMap<>();

    static {
        CALENDAR_CLASSES.put("gregory", GregorianCalendar.class);
        for (String[] c : new String[][] {{"japanese", "java.util.JapaneseImperialCalendar"},
            {"buddhist", "sun.util.BuddhistCalendar"}}) {
            Class<?> cls = Jdk.jdkClass(c[1]);
            if (cls != null) {
                CALENDAR_CLASSES.put(c[0], cls);
            }
        }
    }

    private static void writeCalendar(SerialWriter out, Calendar c) throws IOException {
        out.writeString(c.getCalendarType());
        out.writeObject(c.getTimeZone());
        out.writeLong(c.getTimeInMillis());
        out.writeBoolean(c.isLenient());
        out.writeByte((byte) c.getFirstDayOfWeek());
        out.writeByte((byte) c.getMinimalDaysInFirstWeek());
        out.writeLong(c instanceof GregorianCalendar g ? g.getGregorianChange().getTime() : 0);
    }

    private static Calendar readCalendar(SerialReader in) throws IOException {
        String type = nonNull(in.readString(), "calendar type");
        Class<?> cls = CALENDAR_CLASSES.get(type);
        if (cls == null) {
            throw new SerialException("unknown calendar type " + type);
        }
        Jdk.checkAllowed(in, cls);
        TimeZone zone = Jdk.readNonNull(in, TimeZone.class, "time zone");
        long millis = in.readLong();
        boolean lenient = in.readBoolean();
        int firstDay = in.readByte();
        int minDays = in.readByte();
        long change = in.readLong();
        Calendar c = new Calendar.Builder().setCalendarType(type).setTimeZone(zone).setLenient(lenient)
                .setWeekDefinition(firstDay, minDays).setInstant(millis).build();
        if (c instanceof GregorianCalendar g) {
            g.setGregorianChange(new Date(change));
            g.setTimeInMillis(millis);
        }
        return c;
    }

    private static final Pattern STZ_FIELD = Pattern.compile("[,\\[](\\w+)=(-?\\d+|true|false)");

    /**
     * SimpleTimeZone exposes its rules only through toString; the writer reads them there, rebuilds the zone
     * with the public constructor and sends the constructor's arguments only if the rebuilt zone is equal.
     */
    private static void writeSimpleTimeZone(SerialWriter out, SimpleTimeZone z) throws IOException {
        int[] args = simpleTimeZoneArgs(z);
        if (args == null || !buildSimpleTimeZone(z.getID(), args).equals(z)) {
            throw new SerialException("SimpleTimeZone " + z.getID() + " cannot be rebuilt through its public"
                    + " constructor");
        }
        out.writeString(z.getID());
        for (int a : args) {
            out.writeInt(a);
        }
    }

    private static SimpleTimeZone readSimpleTimeZone(SerialReader in) throws IOException {
        String id = nonNull(in.readString(), "time zone id");
        int[] args = new int[14];
        for (int i = 0; i < args.length; i++) {
            args[i] = in.readInt();
        }
        return buildSimpleTimeZone(id, args);
    }

    private static int[] simpleTimeZoneArgs(SimpleTimeZone z) {
        String s = z.toString();
        int at = s.indexOf(",offset=");
        if (at < 0) {
            return null;
        }
        Map<String, String> f = new HashMap<>();
        Matcher m = STZ_FIELD.matcher(s.substring(at));
        while (m.find()) {
            f.put(m.group(1), m.group(2));
        }
        if (!"true".equals(f.get("useDaylight"))) {
            return new int[] {z.getRawOffset(), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        }
        try {
            int[] start = rule(f, "start");
            int[] end = rule(f, "end");
            return new int[] {z.getRawOffset(), 1, start[0], start[1], start[2], start[3], start[4], end[0], end[1],
                    end[2], end[3], end[4], z.getDSTSavings(), Integer.parseInt(f.get("startYear"))};
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** month, day, dayOfWeek, time, timeMode in the constructor's encoding, from the decoded mode form. */
    private static int[] rule(Map<String, String> f, String p) {
        int mode = Integer.parseInt(f.get(p + "Mode"));
        int month = Integer.parseInt(f.get(p + "Month"));
        int day = Integer.parseInt(f.get(p + "Day"));
        int dow = Integer.parseInt(f.get(p + "DayOfWeek"));
        int[] encoded = switch (mode) {
            case 1 -> new int[] {day, 0}; // DOM_MODE
            case 2 -> new int[] {day, dow}; // DOW_IN_MONTH_MODE
            case 3 -> new int[] {day, -dow}; // DOW_GE_DOM_MODE
            case 4 -> new int[] {-day, -dow}; // DOW_LE_DOM_MODE
            default -> throw new IllegalArgumentException("mode " + mode);
        };
        return new int[] {month, encoded[0], encoded[1], Integer.parseInt(f.get(p + "Time")),
                Integer.parseInt(f.get(p + "TimeMode"))};
    }

    /** args: rawOffset, daylight (0/1), start month, day, dow, time, mode, end ditto, savings, startYear. */
    private static SimpleTimeZone buildSimpleTimeZone(String id, int[] a) {
        if (a[1] == 0) {
            return new SimpleTimeZone(a[0], id);
        }
        SimpleTimeZone z = new SimpleTimeZone(a[0], id, a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11],
                a[12]);
        z.setStartYear(a[13]);
        return z;
    }

    // ------------------------------------------------------------------ java.net

    @SuppressWarnings("deprecation") // URL(String) is the one constructor that takes every URL toExternalForm gives
    private static URL readUrl(SerialReader in) throws IOException {
        String spec = nonNull(in.readString(), "URL");
        try {
            return new URL(spec);
        } catch (java.net.MalformedURLException e) {
            throw new SerialException("bad URL: " + e.getMessage(), e);
        }
    }

    /** The host name an address was created with, without a reverse lookup (toString is "host/literal"). */
    private static String hostNameOf(InetAddress a) {
        String s = a.toString();
        int slash = s.indexOf('/');
        return slash <= 0 ? null : s.substring(0, slash);
    }

    private static void writeInet6(SerialWriter out, Inet6Address a) throws IOException {
        out.writeString(hostNameOf(a));
        out.writeByteArrayBody(a.getAddress());
        boolean scoped = a.getHostAddress().indexOf('%') >= 0;
        out.writeInt(scoped ? a.getScopeId() : -1);
        NetworkInterface ni = a.getScopedInterface();
        out.writeString(ni == null ? null : ni.getName());
    }

    private static Inet6Address readInet6(SerialReader in) throws IOException {
        String host = in.readString();
        byte[] addr = in.readByteArrayBody();
        int scope = in.readInt();
        String ifname = in.readString();
        try {
            if (ifname != null) {
                NetworkInterface ni = NetworkInterface.getByName(ifname);
                if (ni != null) {
                    return Inet6Address.getByAddress(host, addr, ni);
                }
            }
            return Inet6Address.getByAddress(host, addr, scope);
        } catch (UnknownHostException | SocketException e) {
            throw new SerialException("bad IPv6 address: " + e.getMessage(), e);
        }
    }

    private static void writePermission(SerialWriter out, java.security.Permission p) throws IOException {
        out.writeString(p.getName());
        out.writeString(p.getActions());
    }

    /** java.sql is optional: registered only when it is in the module graph. */
    private static final class Sql {
        static void register() {
            Family sql = new Family(java.sql.Timestamp.class, "java.sql dates");
            sql.kind(java.sql.Date.class, (SerialWriter out, java.sql.Date d) -> out.writeLong(d.getTime()),
                    in -> new java.sql.Date(in.readLong()));
            sql.kind(java.sql.Time.class, (SerialWriter out, java.sql.Time t) -> out.writeLong(t.getTime()),
                    in -> new java.sql.Time(in.readLong()));
            sql.kind(java.sql.Timestamp.class, (SerialWriter out, java.sql.Timestamp t) -> {
                out.writeLong(t.getTime());
                out.writeInt(t.getNanos());
            }, in -> {
                java.sql.Timestamp t = new java.sql.Timestamp(in.readLong());
                t.setNanos(in.readInt());
                return t;
            });
            sql.register(ID_SQL);
        }
    }
}
