package io.mobula.serial;

import java.io.IOException;
import java.util.AbstractMap;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.PriorityQueue;
import java.util.Properties;
import java.util.Queue;
import java.util.SequencedCollection;
import java.util.SequencedMap;
import java.util.SequencedSet;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.Stack;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.Vector;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Built-in serializers for the JDK collections that Java serialization sends but whose packages Mobula's
 * reflective fallback cannot open: the {@code Collections} wrappers and views, the concurrent collections,
 * enum sets and maps, legacy collections. Each is rebuilt through public API on the reader; state that no
 * public method exposes (the collection behind a wrapper, a checked collection's element type) is read on the
 * writer through the class's own serial form ({@link JdkPeek}). See docs/WIRE.md for the ids and bodies.
 */
final class JdkCollections {
    static final int ID_UNMODIFIABLE = 70;
    static final int ID_SYNCHRONIZED = 71;
    static final int ID_CHECKED = 72;
    static final int ID_COLLECTIONS_VIEW = 73;
    static final int ID_COMPARATOR = 74;
    static final int ID_ENUM_SET = 75;
    static final int ID_ENUM_MAP = 76;
    static final int ID_PRIORITY_QUEUE = 77;
    static final int ID_HASHTABLE = 78;
    static final int ID_VECTOR = 79;
    static final int ID_STACK = 80;
    static final int ID_PROPERTIES = 81;
    static final int ID_IDENTITY_HASH_MAP = 82;
    static final int ID_MAP_ENTRY = 83;
    static final int ID_BIT_SET = 84;
    static final int ID_COW_LIST = 85;
    static final int ID_COW_SET = 86;
    static final int ID_SKIP_LIST_MAP = 87;
    static final int ID_SKIP_LIST_SET = 88;
    static final int ID_CONCURRENT_QUEUE = 89;
    static final int ID_CHM_VIEW = 90;

    private JdkCollections() {}

    @SuppressWarnings({"unchecked", "rawtypes"})
    static void register() {
        // ---- Collections.unmodifiable*: kind, then the wrapped collection
        Family unmodifiable = new Family(Collections.unmodifiableCollection(List.of()).getClass(),
                "Collections.unmodifiable*");
        wrapper(unmodifiable, Collections.unmodifiableCollection(new ArrayList<>()), Collection.class,
                c -> Collections.unmodifiableCollection((Collection) c));
        wrapper(unmodifiable, Collections.unmodifiableSequencedCollection(new ArrayDeque<>()),
                SequencedCollection.class, c -> Collections.unmodifiableSequencedCollection((SequencedCollection) c));
        wrapper(unmodifiable, Collections.unmodifiableSet(new HashSet<>()), Set.class,
                c -> Collections.unmodifiableSet((Set) c));
        wrapper(unmodifiable, Collections.unmodifiableSequencedSet(new LinkedHashSet<>()), SequencedSet.class,
                c -> Collections.unmodifiableSequencedSet((SequencedSet) c));
        wrapper(unmodifiable, Collections.unmodifiableSortedSet(new TreeSet<>()), SortedSet.class,
                c -> Collections.unmodifiableSortedSet((SortedSet) c));
        wrapper(unmodifiable, Collections.unmodifiableNavigableSet(new TreeSet<>()), NavigableSet.class,
                c -> Collections.unmodifiableNavigableSet((NavigableSet) c));
        wrapper(unmodifiable, Collections.unmodifiableList(new LinkedList<>()), List.class,
                c -> Collections.unmodifiableList((List) c));
        unmodifiable.alias(Collections.unmodifiableList(new ArrayList<>()).getClass());
        wrapper(unmodifiable, Collections.unmodifiableMap(new HashMap<>()), Map.class,
                c -> Collections.unmodifiableMap((Map) c));
        wrapper(unmodifiable, Collections.unmodifiableSequencedMap(new LinkedHashMap<>()), SequencedMap.class,
                c -> Collections.unmodifiableSequencedMap((SequencedMap) c));
        wrapper(unmodifiable, Collections.unmodifiableSortedMap(new TreeMap<>()), SortedMap.class,
                c -> Collections.unmodifiableSortedMap((SortedMap) c));
        wrapper(unmodifiable, Collections.unmodifiableNavigableMap(new TreeMap<>()), NavigableMap.class,
                c -> Collections.unmodifiableNavigableMap((NavigableMap) c));
        unmodifiable.kind(Collections.emptyNavigableSet().getClass(), (out, v) -> { },
                in -> Collections.emptyNavigableSet());
        unmodifiable.kind(Collections.emptyNavigableMap().getClass(), (out, v) -> { },
                in -> Collections.emptyNavigableMap());
        unmodifiable.register(ID_UNMODIFIABLE);

        // ---- Collections.synchronized*: kind, then the wrapped collection (written holding the wrapper's lock)
        Family sync = new Family(Collections.synchronizedCollection(List.of()).getClass(),
                "Collections.synchronized*");
        synchronizedWrapper(sync, Collections.synchronizedCollection(new ArrayList<>()), Collection.class,
                c -> Collections.synchronizedCollection((Collection) c));
        synchronizedWrapper(sync, Collections.synchronizedSet(new HashSet<>()), Set.class,
                c -> Collections.synchronizedSet((Set) c));
        synchronizedWrapper(sync, Collections.synchronizedSortedSet(new TreeSet<>()), SortedSet.class,
                c -> Collections.synchronizedSortedSet((SortedSet) c));
        synchronizedWrapper(sync, Collections.synchronizedNavigableSet(new TreeSet<>()), NavigableSet.class,
                c -> Collections.synchronizedNavigableSet((NavigableSet) c));
        synchronizedWrapper(sync, Collections.synchronizedList(new LinkedList<>()), List.class,
                c -> Collections.synchronizedList((List) c));
        sync.alias(Collections.synchronizedList(new ArrayList<>()).getClass());
        synchronizedWrapper(sync, Collections.synchronizedMap(new HashMap<>()), Map.class,
                c -> Collections.synchronizedMap((Map) c));
        synchronizedWrapper(sync, Collections.synchronizedSortedMap(new TreeMap<>()), SortedMap.class,
                c -> Collections.synchronizedSortedMap((SortedMap) c));
        synchronizedWrapper(sync, Collections.synchronizedNavigableMap(new TreeMap<>()), NavigableMap.class,
                c -> Collections.synchronizedNavigableMap((NavigableMap) c));
        sync.register(ID_SYNCHRONIZED);

        // ---- Collections.checked*: kind, element type name(s), then the wrapped collection
        Family checked = new Family(Collections.checkedCollection(new ArrayList<>(), Object.class).getClass(),
                "Collections.checked*");
        checkedWrapper(checked, Collections.checkedCollection(new ArrayList<>(), Object.class), Collection.class,
                (c, t) -> Collections.checkedCollection((Collection) c, t));
        checkedWrapper(checked, Collections.checkedQueue(new ArrayDeque<>(), Object.class), Queue.class,
                (c, t) -> Collections.checkedQueue((Queue) c, t));
        checkedWrapper(checked, Collections.checkedSet(new HashSet<>(), Object.class), Set.class,
                (c, t) -> Collections.checkedSet((Set) c, t));
        checkedWrapper(checked, Collections.checkedSortedSet(new TreeSet<>(), Object.class), SortedSet.class,
                (c, t) -> Collections.checkedSortedSet((SortedSet) c, t));
        checkedWrapper(checked, Collections.checkedNavigableSet(new TreeSet<>(), Object.class),
                NavigableSet.class, (c, t) -> Collections.checkedNavigableSet((NavigableSet) c, t));
        checkedWrapper(checked, Collections.checkedList(new LinkedList<>(), Object.class), List.class,
                (c, t) -> Collections.checkedList((List) c, t));
        checked.alias(Collections.checkedList(new ArrayList<>(), Object.class).getClass());
        checkedMap(checked, Collections.checkedMap(new HashMap<>(), Object.class, Object.class), Map.class,
                (m, k, v) -> Collections.checkedMap((Map) m, k, v));
        checkedMap(checked, Collections.checkedSortedMap(new TreeMap<>(), Object.class, Object.class),
                SortedMap.class, (m, k, v) -> Collections.checkedSortedMap((SortedMap) m, k, v));
        checkedMap(checked, Collections.checkedNavigableMap(new TreeMap<>(), Object.class, Object.class),
                NavigableMap.class, (m, k, v) -> Collections.checkedNavigableMap((NavigableMap) m, k, v));
        checked.register(ID_CHECKED);

        // ---- other Collections views and adapters
        Family views = new Family(Collections.newSetFromMap(new HashMap<>()).getClass(), "Collections views");
        views.kind(Collections.newSetFromMap(new HashMap<>()).getClass(),
                (out, s) -> out.writeObject(field(s, 0, Map.class)),
                in -> refill(Jdk.readNonNull(in, Map.class, "map of Collections.newSetFromMap"),
                        Collections::newSetFromMap));
        views.kind(Collections.newSequencedSetFromMap(new LinkedHashMap<>()).getClass(),
                (out, s) -> out.writeObject(field(s, 0, SequencedMap.class)),
                in -> refill(Jdk.readNonNull(in, SequencedMap.class, "map of Collections.newSequencedSetFromMap"),
                        m -> Collections.newSequencedSetFromMap((SequencedMap) m)));
        views.kind(Collections.asLifoQueue(new ArrayDeque<>()).getClass(),
                (out, q) -> out.writeObject(field(q, 0, Deque.class)),
                in -> Collections.asLifoQueue(Jdk.readNonNull(in, Deque.class, "deque of Collections.asLifoQueue")));
        views.kind(Collections.nCopies(2, "").getClass(), (SerialWriter out, List<?> l) -> {
            out.writeVarInt(l.size());
            out.writeObject(l.isEmpty() ? JdkPeek.of(l).object(0) : l.get(0)); // nCopies(0, e) keeps e too
        }, in -> {
            int n = Jdk.readCount(in);
            return Collections.nCopies(n, in.readObject());
        });
        views.register(ID_COLLECTIONS_VIEW);

        // ---- comparators of the JDK (Comparator.naturalOrder() is an enum and needs nothing)
        Family comparators = new Family(Collections.reverseOrder().getClass(), "JDK comparators");
        comparators.kind(Collections.reverseOrder().getClass(), (out, c) -> { }, in -> Collections.reverseOrder());
        comparators.kind(Collections.reverseOrder(String.CASE_INSENSITIVE_ORDER).getClass(),
                (SerialWriter out, Comparator<?> c) -> out.writeObject(c.reversed()),
                in -> Collections.reverseOrder(Jdk.readNonNull(in, Comparator.class, "reversed comparator")));
        comparators.kind(String.CASE_INSENSITIVE_ORDER.getClass(), (out, c) -> { },
                in -> String.CASE_INSENSITIVE_ORDER);
        comparators.kind(Comparator.nullsFirst(String.CASE_INSENSITIVE_ORDER).getClass(),
                (SerialWriter out, Comparator<Object> c) -> {
                    out.writeBoolean(c.compare(null, NULL_PROBE) < 0);
                    out.writeObject(JdkPeek.of(c).object(0));
                }, in -> {
                    boolean nullFirst = in.readBoolean();
                    Comparator<Object> real = in.readObject(Comparator.class);
                    return nullFirst ? Comparator.nullsFirst(real) : Comparator.nullsLast(real);
                });
        comparators.register(ID_COMPARATOR);

        // ---- enum collections: the enum's class name, then ordinals
        Jdk.reg(ID_ENUM_SET, Builtins.<EnumSet<?>>cls(Jdk.jdkClass("java.util.RegularEnumSet")),
                JdkCollections::writeEnumSet, JdkCollections::readEnumSet);
        Jdk.alias(Jdk.jdkClass("java.util.JumboEnumSet"), ID_ENUM_SET); // > 64 constants
        Jdk.reg(ID_ENUM_MAP, Builtins.<EnumMap<?, Object>>cls(EnumMap.class), JdkCollections::writeEnumMap,
                JdkCollections::readEnumMap);

        Jdk.reg(ID_PRIORITY_QUEUE, Builtins.<PriorityQueue<Object>>cls(PriorityQueue.class), (out, q) -> {
            out.writeObject(q.comparator());
            Builtins.writeCollection(out, q);
        }, in -> {
            Comparator<Object> c = in.readObject(Comparator.class);
            return Builtins.readCollection(in, n -> new PriorityQueue<>(Math.max(1, n), c));
        });
        Jdk.reg(ID_HASHTABLE, Builtins.<Hashtable<Object, Object>>cls(Hashtable.class), Builtins::writeMap,
                in -> Builtins.readMap(in, Hashtable::new));
        Jdk.reg(ID_VECTOR, Builtins.<Vector<Object>>cls(Vector.class), Builtins::writeCollection,
                in -> Builtins.readCollection(in, n -> new Vector<>(Math.max(1, n))));
        Jdk.reg(ID_STACK, Builtins.<Stack<Object>>cls(Stack.class), Builtins::writeCollection,
                in -> Builtins.readCollection(in, n -> new Stack<>()));
        Jdk.reg(ID_PROPERTIES, Properties.class, (out, p) -> {
            Properties shell = (Properties) p.clone(); // same defaults, emptied: its serial form shows only them
            shell.clear();
            out.writeObject(JdkPeek.of(shell).object(0));
            Builtins.writeMap(out, p);
        }, in -> {
            Properties defaults = in.readObject(Properties.class);
            Properties p = new Properties(defaults);
            Builtins.readMap(in, n -> p);
            return p;
        });
        Jdk.reg(ID_IDENTITY_HASH_MAP, Builtins.<IdentityHashMap<Object, Object>>cls(IdentityHashMap.class),
                Builtins::writeMap, in -> Builtins.readMap(in, IdentityHashMap::new));
        Family entries = new Family(AbstractMap.SimpleEntry.class, "AbstractMap entries");
        entries.kind(AbstractMap.SimpleEntry.class, JdkCollections::writeEntry,
                in -> new AbstractMap.SimpleEntry<>(in.readObject(), in.readObject()));
        entries.kind(AbstractMap.SimpleImmutableEntry.class, JdkCollections::writeEntry,
                in -> new AbstractMap.SimpleImmutableEntry<>(in.readObject(), in.readObject()));
        entries.register(ID_MAP_ENTRY);
        Jdk.reg(ID_BIT_SET, BitSet.class, (out, b) -> out.writeLongArrayBody(b.toLongArray()),
                in -> BitSet.valueOf(in.readLongArrayBody()));

        // ---- java.util.concurrent
        Jdk.reg(ID_COW_LIST, Builtins.<CopyOnWriteArrayList<Object>>cls(CopyOnWriteArrayList.class),
                Builtins::writeCollection, in -> {
                    CopyOnWriteArrayList<Object> l = new CopyOnWriteArrayList<>();
                    in.register(l);
                    l.addAll(Arrays.asList(Builtins.readArray(in))); // one copy, not one per element
                    return l;
                });
        Jdk.reg(ID_COW_SET, Builtins.<CopyOnWriteArraySet<Object>>cls(CopyOnWriteArraySet.class),
                Builtins::writeCollection, in -> {
                    CopyOnWriteArraySet<Object> s = new CopyOnWriteArraySet<>();
                    in.register(s);
                    s.addAll(Arrays.asList(Builtins.readHashedArray(in)));
                    return s;
                });
        Jdk.reg(ID_SKIP_LIST_MAP, Builtins.<ConcurrentSkipListMap<Object, Object>>cls(ConcurrentSkipListMap.class),
                (out, m) -> {
                    out.writeObject(m.comparator());
                    Builtins.writeMap(out, m);
                }, in -> {
                    Comparator<Object> c = in.readObject(Comparator.class);
                    return Builtins.readMap(in, n -> new ConcurrentSkipListMap<>(c));
                });
        Jdk.reg(ID_SKIP_LIST_SET, Builtins.<ConcurrentSkipListSet<Object>>cls(ConcurrentSkipListSet.class),
                (out, s) -> {
                    out.writeObject(s.comparator());
                    Builtins.writeCollection(out, s);
                }, in -> {
                    Comparator<Object> c = in.readObject(Comparator.class);
                    return Builtins.readCollection(in, n -> new ConcurrentSkipListSet<>(c));
                });

        Family queues = new Family(ConcurrentLinkedQueue.class, "concurrent queues");
        queues.kind(ConcurrentLinkedQueue.class, Builtins::writeCollection,
                in -> Builtins.readCollection(in, n -> new ConcurrentLinkedQueue<>()));
        queues.kind(ConcurrentLinkedDeque.class, Builtins::writeCollection,
                in -> Builtins.readCollection(in, n -> new ConcurrentLinkedDeque<>()));
        queues.kind(LinkedTransferQueue.class, Builtins::writeCollection,
                in -> Builtins.readCollection(in, n -> new LinkedTransferQueue<>()));
        queues.kind(LinkedBlockingQueue.class, (SerialWriter out, LinkedBlockingQueue<?> q) -> {
            out.writeVarInt(capacity(q.size(), q.remainingCapacity()));
            Builtins.writeCollection(out, q);
        }, in -> {
            int cap = readCapacity(in);
            return Builtins.readCollection(in, n -> new LinkedBlockingQueue<>(checkCapacity(cap, n)));
        });
        queues.kind(LinkedBlockingDeque.class, (SerialWriter out, LinkedBlockingDeque<?> q) -> {
            out.writeVarInt(capacity(q.size(), q.remainingCapacity()));
            Builtins.writeCollection(out, q);
        }, in -> {
            int cap = readCapacity(in);
            return Builtins.readCollection(in, n -> new LinkedBlockingDeque<>(checkCapacity(cap, n)));
        });
        queues.kind(ArrayBlockingQueue.class, (SerialWriter out, ArrayBlockingQueue<?> q) -> {
            out.writeVarInt(capacity(q.size(), q.remainingCapacity()));
            out.writeBoolean(fair(q));
            Builtins.writeCollection(out, q);
        }, in -> {
            int cap = readCapacity(in);
            in.chargeUnbackedSlots(cap, "ArrayBlockingQueue capacity"); // the queue allocates an array of cap slots
            boolean fair = in.readBoolean();
            return Builtins.readCollection(in, n -> new ArrayBlockingQueue<>(checkCapacity(cap, n), fair));
        });
        queues.kind(PriorityBlockingQueue.class, (SerialWriter out, PriorityBlockingQueue<?> q) -> {
            out.writeObject(q.comparator());
            Builtins.writeCollection(out, q);
        }, in -> {
            Comparator<Object> c = in.readObject(Comparator.class);
            return Builtins.readCollection(in, n -> new PriorityBlockingQueue<>(Math.max(1, n), c));
        });
        queues.kind(SynchronousQueue.class, (SerialWriter out, SynchronousQueue<?> q) -> out.writeBoolean(fair(q)),
                in -> new SynchronousQueue<>(in.readBoolean()));
        queues.register(ID_CONCURRENT_QUEUE);

        Family chmViews = new Family(ConcurrentHashMap.KeySetView.class, "ConcurrentHashMap views");
        chmViews.kind(ConcurrentHashMap.KeySetView.class, (SerialWriter out, ConcurrentHashMap.KeySetView<?, ?> v) -> {
            out.writeObject(v.getMap());
            out.writeObject(v.getMappedValue());
        }, in -> {
            ConcurrentHashMap<Object, Object> m = Jdk.readNonNull(in, ConcurrentHashMap.class, "map of a key set");
            Object value = in.readObject();
            return value == null ? m.keySet() : m.keySet(value);
        });
        chmViews.kind(new ConcurrentHashMap<>().entrySet().getClass(),
                (out, v) -> out.writeObject(field(v, 0, ConcurrentHashMap.class)),
                in -> Jdk.readNonNull(in, ConcurrentHashMap.class, "map of an entry set").entrySet());
        chmViews.kind(new ConcurrentHashMap<>().values().getClass(),
                (out, v) -> out.writeObject(field(v, 0, ConcurrentHashMap.class)),
                in -> Jdk.readNonNull(in, ConcurrentHashMap.class, "map of a values view").values());
        chmViews.register(ID_CHM_VIEW);
    }

    /** compared with null by a nullsFirst/nullsLast comparator, which never passes it on */
    private static final Object NULL_PROBE = new Object();

    // ------------------------------------------------------------------ wrappers

    private static <W> void wrapper(Family f, W sample, Class<?> backingType, Function<Object, W> wrap) {
        f.kind(sample.getClass(), (out, w) -> out.writeObject(field(w, 0, backingType)),
                in -> wrap.apply(Jdk.readNonNull(in, backingType, "collection of " + sample.getClass().getName())));
    }

    private static <W> void synchronizedWrapper(Family f, W sample, Class<?> backingType, Function<Object, W> wrap) {
        f.kind(sample.getClass(), (out, w) -> {
            JdkPeek p = JdkPeek.of(w);
            Object backing = field(p, w, 0, backingType);
            Object mutex = p.object(1); // recorded only if the lock is not the wrapper itself
            synchronized (mutex == null ? w : mutex) {
                out.writeObject(backing);
            }
        }, in -> wrap.apply(Jdk.readNonNull(in, backingType, "collection of " + sample.getClass().getName())));
    }

    interface CheckedFactory {
        Object wrap(Object backing, Class<Object> type);
    }

    interface CheckedMapFactory {
        Object wrap(Object backing, Class<Object> keyType, Class<Object> valueType);
    }

    @SuppressWarnings("unchecked")
    private static void checkedWrapper(Family f, Object sample, Class<?> backingType, CheckedFactory wrap) {
        f.kind(sample.getClass(), (out, w) -> {
            // serial form: the class chain, then fields by name: c (the collection), type (its class)
            JdkPeek p = JdkPeek.of(w);
            List<JdkPeek.Event> ev = p.events();
            int c = firstObject(ev, 0);
            Class<?> type = c < 0 ? null : firstClass(ev, c + 1);
            if (type == null) {
                throw new SerialException("cannot determine the element type of " + w.getClass().getName());
            }
            Jdk.writeClass(out, type);
            out.writeObject(backingOf(ev.get(c).value(), backingType, w));
        }, in -> {
            Class<Object> type = (Class<Object>) Jdk.readClass(in);
            return wrap.wrap(Jdk.readNonNull(in, backingType, "collection of a checked collection"), type);
        });
    }

    @SuppressWarnings("unchecked")
    private static void checkedMap(Family f, Object sample, Class<?> backingType, CheckedMapFactory wrap) {
        f.kind(sample.getClass(), (out, w) -> {
            // serial form: the class chain, then fields by name: keyType, m (the map), valueType
            JdkPeek p = JdkPeek.of(w);
            List<JdkPeek.Event> ev = p.events();
            int hierarchy = JdkPeek.hierarchyDepth(w.getClass());
            int m = firstObject(ev, 0);
            Class<?> keyType = m > hierarchy && ev.get(hierarchy).isClass() ? (Class<?>) ev.get(hierarchy).value()
                    : null;
            if (keyType == null) {
                throw new SerialException("cannot determine the key type of " + w.getClass().getName());
            }
            Class<?> valueType = firstClass(ev, m + 1);
            if (valueType == null) {
                valueType = writtenBefore(w, p, m, keyType);
            }
            Jdk.writeClass(out, keyType);
            Jdk.writeClass(out, valueType);
            out.writeObject(backingOf(ev.get(m).value(), backingType, w));
        }, in -> {
            Class<Object> k = (Class<Object>) Jdk.readClass(in);
            Class<Object> v = (Class<Object>) Jdk.readClass(in);
            return wrap.wrap(Jdk.readNonNull(in, backingType, "map of a checked map"), k, v);
        });
    }

    /**
     * The value type of a checked map whose descriptor the stream had written before it came to that field:
     * the key type itself (a back-reference to the same {@code Class} object), or one of the classes whose
     * descriptors were written with the key type's or the map's own (found by writing each candidate first).
     */
    private static Class<?> writtenBefore(Object w, JdkPeek p, int m, Class<?> keyType) throws SerialException {
        List<JdkPeek.Event> ev = p.events();
        byte tag = p.byteAt(ev.get(m).position() + 1); // after the null written for the map
        if (tag == JdkPeek.TC_REFERENCE) {
            return keyType;
        }
        for (int i = 0; i < m; i++) {
            JdkPeek.Event e = ev.get(i);
            if (!e.isClass() || e.value() == keyType) {
                continue;
            }
            Class<?> candidate = (Class<?>) e.value();
            JdkPeek q = JdkPeek.of(w, candidate);
            int qm = firstObject(q.events(), 0);
            if (qm >= 0 && q.byteAt(q.events().get(qm).position() + 1) == JdkPeek.TC_REFERENCE) {
                return candidate;
            }
        }
        throw new SerialException("cannot determine the value type of " + w.getClass().getName());
    }

    private static int firstObject(List<JdkPeek.Event> ev, int from) {
        for (int i = from; i < ev.size(); i++) {
            if (!ev.get(i).isClass()) {
                return i;
            }
        }
        return -1;
    }

    private static Class<?> firstClass(List<JdkPeek.Event> ev, int from) {
        for (int i = from; i < ev.size(); i++) {
            if (ev.get(i).isClass()) {
                return (Class<?>) ev.get(i).value();
            }
        }
        return null;
    }

    /** The i-th object field of {@code o}'s serial form, which must be a {@code type}. */
    private static Object field(Object o, int i, Class<?> type) throws SerialException {
        return field(JdkPeek.of(o), o, i, type);
    }

    private static Object field(JdkPeek p, Object o, int i, Class<?> type) throws SerialException {
        return backingOf(p.object(i), type, o);
    }

    private static Object backingOf(Object b, Class<?> type, Object owner) throws SerialException {
        if (!type.isInstance(b)) {
            throw new SerialException("cannot find the " + type.getSimpleName() + " inside "
                    + owner.getClass().getName() + " (found " + (b == null ? "null" : b.getClass().getName()) + ")");
        }
        return b;
    }

    /** newSetFromMap requires an empty map: empty the decoded one and add its keys back through the set. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Set<Object> refill(Map map, Function<Map, Set<Object>> wrap) {
        List<Object> keys = new ArrayList<>(map.keySet());
        map.clear();
        Set<Object> s = wrap.apply(map);
        s.addAll(keys);
        return s;
    }

    // ------------------------------------------------------------------ enum collections

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void writeEnumSet(SerialWriter out, EnumSet<?> s) throws IOException {
        Class<?> type = null;
        if (!s.isEmpty()) {
            type = s.iterator().next().getDeclaringClass();
        } else {
            EnumSet<?> all = EnumSet.complementOf((EnumSet) s);
            type = all.isEmpty() ? enumClassOf(s) : all.iterator().next().getDeclaringClass();
        }
        Jdk.writeClass(out, type);
        int n = s.size();
        out.writeVarInt(n);
        int written = 0;
        for (Enum<?> e : s) {
            if (written++ == n) {
                break;
            }
            out.writeVarInt(e.ordinal());
        }
        if (written != n) {
            throw new SerialException("EnumSet changed size while being written");
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static EnumSet<?> readEnumSet(SerialReader in) throws IOException {
        Class type = Jdk.readEnumClass(in);
        Object[] constants = type.getEnumConstants();
        int n = in.readLength(1);
        EnumSet s = EnumSet.noneOf(type);
        for (int i = 0; i < n; i++) {
            s.add(constant(constants, in.readVarInt(), type));
        }
        return s;
    }

    private static Object constant(Object[] constants, int ordinal, Class<?> type) throws SerialException {
        if (ordinal < 0 || ordinal >= constants.length) {
            throw new SerialException("bad ordinal " + ordinal + " for enum " + type.getName());
        }
        return constants[ordinal];
    }

    /** The enum class of an empty EnumSet or EnumMap of an enum without constants: from its serial form. */
    private static Class<?> enumClassOf(Object o) throws SerialException {
        for (JdkPeek.Event e : JdkPeek.of(o).events()) {
            if (e.isClass() && ((Class<?>) e.value()).isEnum()) {
                return (Class<?>) e.value();
            }
        }
        throw new SerialException("cannot determine the enum class of " + o.getClass().getName());
    }

    private static void writeEnumMap(SerialWriter out, EnumMap<?, Object> m) throws IOException {
        Class<?> type = m.isEmpty() ? enumClassOf(m) : m.keySet().iterator().next().getDeclaringClass();
        Jdk.writeClass(out, type);
        int n = m.size();
        out.writeVarInt(n);
        int written = 0;
        for (Map.Entry<? extends Enum<?>, Object> e : m.entrySet()) {
            if (written++ == n) {
                break;
            }
            out.writeVarInt(e.getKey().ordinal());
            out.writeObject(e.getValue());
        }
        if (written != n) {
            throw new SerialException("EnumMap changed size while being written");
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static EnumMap<?, Object> readEnumMap(SerialReader in) throws IOException {
        Class type = Jdk.readEnumClass(in);
        Object[] constants = type.getEnumConstants();
        int n = in.readLength(2);
        EnumMap m = new EnumMap(type);
        in.register(m);
        for (int i = 0; i < n; i++) {
            Object k = constant(constants, in.readVarInt(), type);
            m.put(k, in.readObject());
        }
        return m;
    }

    private static void writeEntry(SerialWriter out, Map.Entry<?, ?> e) throws IOException {
        out.writeObject(e.getKey());
        out.writeObject(e.getValue());
    }

    // ------------------------------------------------------------------ queues

    private static int capacity(int size, int remaining) throws SerialException {
        long cap = (long) size + remaining;
        if (cap > Integer.MAX_VALUE) {
            throw new SerialException("queue capacity overflows: " + size + " + " + remaining);
        }
        return (int) cap;
    }

    private static int readCapacity(SerialReader in) throws IOException {
        int cap = in.readVarInt();
        if (cap <= 0) {
            throw new SerialException("bad queue capacity " + Integer.toUnsignedString(cap));
        }
        return cap;
    }

    private static int checkCapacity(int cap, int n) {
        if (n > cap) {
            throw new IllegalArgumentException(n + " elements exceed the queue capacity " + cap);
        }
        return cap;
    }

    /** The fairness of a queue's lock: only its serial form shows the lock. */
    private static boolean fair(Object queue) throws SerialException {
        for (Object o : JdkPeek.of(queue).objects()) {
            if (o instanceof ReentrantLock l) {
                return l.isFair();
            }
        }
        throw new SerialException("cannot find the lock of " + queue.getClass().getName());
    }
}
