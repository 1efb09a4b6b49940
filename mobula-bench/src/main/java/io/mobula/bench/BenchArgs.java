package io.mobula.bench;

import java.nio.file.Path;

/**
 * The parsed command line {@code <suite> [--quick|--full] [--json FILE]}.
 *
 * @param suite the suite name, not yet checked against the known suites
 * @param mode  run length
 * @param json  where to write the JSON lines, or {@code null} for the default file
 */
public record BenchArgs(String suite, RunMode mode, Path json) {

    public static final String USAGE = "usage: mobula bench <suite> [--quick|--full] [--json FILE]";

    /** Thrown for a command line that does not parse; the message says why. */
    public static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    public static BenchArgs parse(String... args) throws UsageException {
        String suite = null;
        RunMode mode = null;
        Path json = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--quick", "--full" -> {
                    RunMode m = a.equals("--quick") ? RunMode.QUICK : RunMode.FULL;
                    if (mode != null && mode != m) {
                        throw new UsageException("--quick and --full exclude each other");
                    }
                    mode = m;
                }
                case "--json" -> {
                    if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
                        throw new UsageException("--json needs a FILE");
                    }
                    if (json != null) {
                        throw new UsageException("--json given twice");
                    }
                    json = Path.of(args[++i]);
                }
                default -> {
                    if (a.startsWith("-")) {
                        throw new UsageException("unknown option: " + a);
                    }
                    if (suite != null) {
                        throw new UsageException("more than one suite: " + suite + ", " + a);
                    }
                    suite = a;
                }
            }
        }
        if (suite == null) {
            throw new UsageException("no suite given");
        }
        return new BenchArgs(suite, mode == null ? RunMode.QUICK : mode, json);
    }
}
