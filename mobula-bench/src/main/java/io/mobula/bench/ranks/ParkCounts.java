package io.mobula.bench.ranks;

import io.mobula.bench.rmi.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * {@code mobula bench parks DIR [--json FILE]}: how often each rank JVM of a benchmark run recorded with
 * {@code --jfr DIR} parked, per message it received: the evidence issue-style targets ask for ("at most one park per
 * message on the receiving side"). A park is a {@code jdk.ThreadPark} or {@code jdk.JavaMonitorWait} event (the suites
 * record both without a threshold); a message is a call or one-way message the process served
 * ({@code io.mobula.rmi.Call} with side {@code server}, GMI's and RepMI's messages included, as they travel as one-way
 * RMI calls). Parks are split by the role of the thread that parked, so that waits that are no hand-off (a receive
 * thread standing by while a caller polls, the relief watcher's ticks, idle service threads) can be told from the
 * ones that cost a message a wake-up. One JSON line per recording.
 */
public final class ParkCounts {

    /** The roles a parking thread is put in, by its name and what it parked on. */
    enum Role {
        /** A receive thread standing by while a caller polls, or waiting on an empty source. */
        RECEIVE_STANDBY,
        /** A receive thread parked for anything else (a lock, a reply). */
        RECEIVE_OTHER,
        /** The thread that watches receive threads running work ({@code mobula-receive-relief}): timer ticks. */
        RELIEF_TICKS,
        /**
         * Threads work is handed to: virtual threads and their carriers, RMI's dispatch threads
         * ({@code mobula-call-*}, {@code mobula-async-*}); each park is a hand-off's wake-up or its idle wait.
         */
        HANDOFF,
        /** The application's threads (main and others): waiting for a reply, an acknowledgement, a write. */
        APPLICATION,
        /** Mobula's service threads (heartbeats, DGC, pool, idle receivers): periodic, not per message. */
        SERVICE
    }

    private ParkCounts() {
    }

    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Path dir = null;
        Path json = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-h", "--help" -> {
                    out.println(USAGE);
                    return 0;
                }
                case "--json" -> {
                    if (i + 1 >= args.length) {
                        err.println("mobula bench parks: --json needs a FILE\n" + USAGE);
                        return 2;
                    }
                    json = Path.of(args[++i]);
                }
                default -> {
                    if (args[i].startsWith("-") || dir != null) {
                        err.println("mobula bench parks: unexpected '" + args[i] + "'\n" + USAGE);
                        return 2;
                    }
                    dir = Path.of(args[i]);
                }
            }
        }
        if (dir == null || !Files.isDirectory(dir)) {
            err.println("mobula bench parks: give the directory of a run's --jfr recordings\n" + USAGE);
            return 2;
        }
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jfr")).sorted().toList()) {
                Counts c = count(f);
                lines.add(c.json(f.getFileName().toString()));
                out.println(c.describe(f.getFileName().toString()));
            }
            if (lines.isEmpty()) {
                err.println("mobula bench parks: no .jfr file in " + dir);
                return 2;
            }
            if (json != null) {
                Path parent = json.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.write(json, lines);
                err.println("results: " + json);
            }
            return 0;
        } catch (IOException e) {
            err.println("mobula bench parks: " + e);
            return 1;
        }
    }

    static final String USAGE = """
            usage: mobula bench parks DIR [--json FILE]
              DIR          the --jfr directory of a 'mobula bench gmi|repmi' run (one recording per rank JVM)
              --json FILE  also write one JSON line per recording (suite "parks")
            Counts, per recording, the parks (jdk.ThreadPark, jdk.JavaMonitorWait) by the role of the parking thread
            and the messages the process served (io.mobula.rmi.Call, side server), and their ratio.""";

    /** What one recording holds. */
    static final class Counts {
        long messages;
        final Map<Role, Long> parks = new TreeMap<>();

        void park(Role r) {
            parks.merge(r, 1L, Long::sum);
        }

        long parks(Role r) {
            return parks.getOrDefault(r, 0L);
        }

        /** Parks that cost a message a wake-up: all but stand-by, relief ticks and service threads. */
        long perMessageParks() {
            return parks(Role.RECEIVE_OTHER) + parks(Role.HANDOFF) + parks(Role.APPLICATION);
        }

        double ratio(long n) {
            return messages == 0 ? Double.NaN : (double) n / messages;
        }

        String json(String recording) {
            Json.Obj o = new Json.Obj().put("suite", "parks").put("recording", recording).put("messages", messages);
            for (Role r : Role.values()) {
                o.put(r.name().toLowerCase(java.util.Locale.ROOT), parks(r));
            }
            return o.put("wakeup_parks_per_message", ratio(perMessageParks()))
                    .put("all_parks_per_message", ratio(parks.values().stream().mapToLong(Long::longValue).sum()))
                    .toString();
        }

        String describe(String recording) {
            StringBuilder sb = new StringBuilder(String.format(java.util.Locale.ROOT,
                    "%-36s %9d messages  %6.3f wake-up parks per message  (", recording, messages,
                    ratio(perMessageParks())));
            for (Role r : Role.values()) {
                sb.append(r.name().toLowerCase(java.util.Locale.ROOT)).append(' ').append(parks(r)).append(", ");
            }
            sb.setLength(sb.length() - 2);
            return sb.append(')').toString();
        }
    }

    static Counts count(Path recording) throws IOException {
        Counts c = new Counts();
        try (RecordingFile f = new RecordingFile(recording)) {
            while (f.hasMoreEvents()) {
                RecordedEvent e = f.readEvent();
                String type = e.getEventType().getName();
                switch (type) {
                    case "io.mobula.rmi.Call" -> {
                        if ("server".equals(e.getString("side"))) {
                            c.messages++;
                        }
                    }
                    case "jdk.ThreadPark", "jdk.JavaMonitorWait" -> c.park(role(e));
                    default -> {
                    }
                }
            }
        }
        return c;
    }

    /** The role of the thread that parked in {@code e}. */
    static Role role(RecordedEvent e) {
        RecordedThread t = e.getThread();
        String name = t == null ? "" : t.getJavaName() == null ? "" : t.getJavaName();
        String on = parkedOn(e);
        return role(name, on, t != null && t.isVirtual());
    }

    static Role role(String thread, String parkedOn, boolean virtual) {
        if (thread.startsWith("mobula-") && thread.contains("-recv-")) {
            return parkedOn.endsWith("ProgressEngine") || parkedOn.contains("Shm") ? Role.RECEIVE_STANDBY
                    : Role.RECEIVE_OTHER;
        }
        if (thread.equals("mobula-receive-relief")) {
            return Role.RELIEF_TICKS;
        }
        if (thread.startsWith("ForkJoinPool") || virtual || thread.startsWith("mobula-call-")
                || thread.startsWith("mobula-async-")) {
            return Role.HANDOFF;
        }
        if (thread.startsWith("mobula-")) {
            return Role.SERVICE;
        }
        return Role.APPLICATION;
    }

    private static String parkedOn(RecordedEvent e) {
        for (String field : new String[] {"parkedClass", "monitorClass"}) {
            if (e.hasField(field)) {
                jdk.jfr.consumer.RecordedClass k = e.getValue(field);
                if (k != null) {
                    return k.getName();
                }
            }
        }
        return "";
    }
}
