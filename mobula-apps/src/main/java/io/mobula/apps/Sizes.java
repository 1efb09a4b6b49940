package io.mobula.apps;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sizes of a kernel: what each number means and the named presets. {@code tiny} is for tests, {@code default}
 * runs in seconds on 2 cores, {@code thesis} is the problem size the thesis used. A size argument is a preset name or
 * the numbers themselves, comma-separated ({@code 600}, {@code 1000,100}).
 */
public final class Sizes {
    /** The preset used when no size is given. */
    public static final String DEFAULT = "default";

    private final List<String> parameters;
    private final Map<String, int[]> presets = new LinkedHashMap<>();

    /** Sizes with the meaning of each number and the three presets. */
    public Sizes(List<String> parameters, int[] tiny, int[] dflt, int[] thesis) {
        this(parameters, tiny, dflt, thesis, Map.of());
    }

    /**
     * Sizes with the three presets and more named ones after them, in the order of {@code more}'s iteration (e.g.
     * the NPB classes S, W and A).
     */
    public Sizes(List<String> parameters, int[] tiny, int[] dflt, int[] thesis, Map<String, int[]> more) {
        this.parameters = List.copyOf(parameters);
        presets.put("tiny", check(tiny));
        presets.put(DEFAULT, check(dflt));
        presets.put("thesis", check(thesis));
        more.forEach((name, v) -> {
            if (presets.containsKey(name)) {
                throw new IllegalArgumentException("preset '" + name + "' given twice");
            }
            presets.put(name, check(v));
        });
    }

    private int[] check(int[] v) {
        if (v.length != parameters.size()) {
            throw new IllegalArgumentException("a preset needs " + parameters.size() + " numbers: " + parameters);
        }
        return v.clone();
    }

    /** What each number of a size means. */
    public List<String> parameters() {
        return parameters;
    }

    /** The preset names, in order. */
    public List<String> presetNames() {
        return List.copyOf(presets.keySet());
    }

    /** The numbers of a preset. */
    public int[] preset(String name) {
        int[] v = presets.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no size preset '" + name + "'; presets: " + presets.keySet());
        }
        return v.clone();
    }

    /** The numbers a size argument stands for (null or empty: the default preset). */
    public int[] parse(String arg) {
        if (arg == null || arg.isBlank()) {
            return preset(DEFAULT);
        }
        if (presets.containsKey(arg)) {
            return preset(arg);
        }
        String[] parts = arg.split(",");
        if (parts.length != parameters.size()) {
            throw new IllegalArgumentException("size '" + arg + "': give a preset " + presets.keySet() + " or "
                    + parameters.size() + " comma-separated numbers (" + String.join(",", parameters) + ")");
        }
        int[] v = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                v[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("size '" + arg + "': " + parameters.get(i) + " is not a number");
            }
        }
        return v;
    }

    /** The preset's numbers as a size argument, e.g. {@code 1000,100}. */
    public String describe(String preset) {
        return Arrays.stream(preset(preset)).mapToObj(Integer::toString).reduce((a, b) -> a + "," + b).orElse("");
    }
}
