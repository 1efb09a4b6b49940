package io.mobula.bench.ranks;

import java.util.Arrays;
import java.util.List;

/** Helpers of the rank suites' command lines; every bad value is an {@link IllegalArgumentException} saying why. */
public final class CliArgs {
    private CliArgs() {
    }

    /** {@code args[i]}, the value of option {@code opt}. */
    public static String value(String[] args, int i, String opt) {
        if (i >= args.length) {
            throw new IllegalArgumentException(opt + " needs a value");
        }
        return args[i];
    }

    /** The non-empty comma-separated parts of {@code s}, trimmed. */
    public static List<String> split(String s) {
        return Arrays.stream(s.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
    }

    /** The known names that were given, in the known order; an unknown one is refused. */
    public static List<String> subset(List<String> given, List<String> known, String opt) {
        for (String g : given) {
            if (!known.contains(g)) {
                throw new IllegalArgumentException(opt + ": unknown '" + g + "' (known: " + String.join(", ", known)
                        + ")");
            }
        }
        return known.stream().filter(given::contains).toList();
    }

    /** {@code s} as an int of at least {@code min}. */
    public static int number(String s, String opt, int min) {
        int v;
        try {
            v = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(opt + " needs a number, got '" + s + "'");
        }
        if (v < min) {
            throw new IllegalArgumentException(opt + " must be >= " + min + ", got " + v);
        }
        return v;
    }
}
