package io.mobula.bench.report;

import java.awt.Color;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place that says how each system is drawn: a fixed colour per system, the same in every chart of the
 * report, and Mobula's systems drawn so they stand out (thicker lines, bold legend entries, outlined bars).
 *
 * <p>A series is named by its system, possibly with more after it ({@code "mobula (shm)"}, {@code "mobula, 2000"},
 * {@code "read: mobula-repmi (shm)"}): {@link #system} finds the system in the name. A system not listed here gets a
 * colour from {@link #SPARE}, chosen by its name, so it too keeps its colour from chart to chart.
 */
final class Palette {
    /** Every system of every suite, and the application kernels' versions. */
    static final Map<String, Color> SYSTEMS = systems();

    /** Colours for systems not in {@link #SYSTEMS}; none of them is in that map. */
    static final List<Color> SPARE = List.of(new Color(0x5254a3), new Color(0x8ca252), new Color(0xbd9e39),
            new Color(0xad494a), new Color(0xa55194), new Color(0x6b6ecf));

    private Palette() {
    }

    private static Map<String, Color> systems() {
        Map<String, Color> m = new LinkedHashMap<>();
        // Mobula: warm colours
        m.put("mobula", new Color(0xd62728));
        m.put("mobula-shm", new Color(0xff7f0e));
        m.put("mobula-tls", new Color(0x8c564b));
        m.put("mobula-generated", new Color(0xd62728));
        m.put("mobula-fallback", new Color(0xff7f0e));
        m.put("mobula-repmi", new Color(0xd62728));
        m.put("mobula-rmi", new Color(0x8c564b));
        // java.rmi, and java.rmi programs that use Mobula
        m.put("java.rmi", new Color(0x1f77b4));
        m.put("java.rmi-to-mobula", new Color(0x17becf));
        m.put("java.rmi+mobula-sockets", new Color(0x9467bd));
        m.put("grpc", new Color(0x2ca02c));
        // raw transports: greys and olives
        m.put("raw-c", new Color(0x7f7f7f));
        m.put("raw-java", new Color(0xbcbd22));
        m.put("raw-c-shm", new Color(0x393939));
        m.put("raw-java-shm", new Color(0x6b6b00));
        // serialization
        m.put("jdk", new Color(0x1f77b4));
        m.put("kryo", new Color(0x9467bd));
        m.put("fory", new Color(0xe377c2));
        // GMI and RepMI baselines
        m.put("openmpi", new Color(0x2ca02c));
        m.put("rmi-loop", new Color(0x1f77b4));
        m.put("rmi-push", new Color(0x1f77b4));
        m.put("rmi-tree", new Color(0x17becf));
        m.put("raw-broadcast", new Color(0x7f7f7f));
        m.put("direct", new Color(0x393939));
        // application versions
        m.put("rmi", new Color(0x1f77b4));
        m.put("gmi", new Color(0x2ca02c));
        m.put("repmi", new Color(0x9467bd));
        return Map.copyOf(m);
    }

    /** The system a series name starts with: after a {@code "case: "} prefix, before {@code " ("} or {@code ", "}. */
    static String system(String seriesName) {
        String s = seriesName;
        int colon = s.indexOf(": ");
        if (colon >= 0) {
            s = s.substring(colon + 2);
        }
        for (String end : List.of(" (", ", ", " /")) {
            int at = s.indexOf(end);
            if (at >= 0) {
                s = s.substring(0, at);
            }
        }
        return s.trim();
    }

    /** The colour of a series: its system's. */
    static Color of(String seriesName) {
        String system = system(seriesName);
        Color c = SYSTEMS.get(system);
        return c != null ? c : SPARE.get(Math.floorMod(system.hashCode(), SPARE.size()));
    }

    /** Whether the series is one of Mobula's systems (drawn to stand out). */
    static boolean isMobula(String seriesName) {
        return system(seriesName).startsWith("mobula");
    }

    /** Line width of a series. */
    static double lineWidth(String seriesName) {
        return isMobula(seriesName) ? 3.6 : 1.8;
    }
}
