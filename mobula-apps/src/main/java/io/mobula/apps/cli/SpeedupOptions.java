package io.mobula.apps.cli;

import io.mobula.apps.AppSettings;
import io.mobula.apps.Catalog;
import io.mobula.apps.Kernel;
import io.mobula.apps.Version;
import java.time.Duration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of {@code ./mobula speedup}.
 *
 * @param kernel the kernel
 * @param versions the parallel versions to run
 * @param nps the numbers of ranks
 * @param runs runs per point; the median time is reported
 * @param size the size argument
 * @param out the directory of the JSON lines file
 * @param runTimeout how long one run may take before its process tree is killed ({@link AppSettings#runTimeout()})
 */
record SpeedupOptions(Kernel<?, ?> kernel, List<Version> versions, List<Integer> nps, int runs, String size,
                      Path out, Duration runTimeout) {
    static final String USAGE = """
            usage: ./mobula speedup <kernel> [--versions rmi,repmi,gmi] [--np 1,2,4] [--runs R] [--out DIR] [SIZE]
              runs the sequential version and each parallel version for each N, R times each (default 3, the median
              is reported), and prints time, speedup over the sequential version and efficiency; appends one JSON
              line per (version, N) to DIR/apps-<timestamp>.jsonl (default bench-results). SIZE: as ./mobula apps.""";

    /** The options of {@code args}, with the run timeout of {@code settings}. */
    static SpeedupOptions parse(String[] args, AppSettings settings) {
        Kernel<?, ?> kernel = null;
        String versions = null;
        List<Integer> nps = null;
        int runs = 3;
        String size = "default";
        Path out = Path.of("bench-results");
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--versions" -> versions = value(args, ++i, a);
                case "--np" -> nps = numbers(value(args, ++i, a), a);
                case "--runs" -> runs = numbers(value(args, ++i, a), a).getFirst();
                case "--out" -> out = Path.of(value(args, ++i, a));
                default -> {
                    if (a.startsWith("-")) {
                        throw new IllegalArgumentException("unknown option " + a);
                    } else if (kernel == null) {
                        kernel = Catalog.find(a).orElseThrow(() -> new IllegalArgumentException("no kernel '" + a
                                + "'; ./mobula apps lists them"));
                    } else {
                        size = a;
                    }
                }
            }
        }
        if (kernel == null) {
            throw new IllegalArgumentException("which kernel?");
        }
        kernel.sizes().parse(size); // a bad size fails here, not in every run
        if (nps == null) {
            nps = new ArrayList<>(List.of(1, 2, 4));
            for (int n = 8; n <= Runtime.getRuntime().availableProcessors(); n *= 2) {
                nps.add(n);
            }
        }
        List<Version> chosen = new ArrayList<>();
        for (Version v : kernel.versions()) {
            if (!v.sequential() && (versions == null || List.of(versions.split(",")).contains(v.name()))) {
                chosen.add(v);
            }
        }
        if (versions != null) {
            for (String v : versions.split(",")) {
                if (Catalog.version(kernel, v).filter(x -> !x.sequential()).isEmpty()) {
                    throw new IllegalArgumentException(kernel.name() + " has no parallel version '" + v + "'");
                }
            }
        }
        if (runs < 1) {
            throw new IllegalArgumentException("--runs must be at least 1");
        }
        return new SpeedupOptions(kernel, chosen, List.copyOf(nps), runs, size, out, settings.runTimeout());
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static List<Integer> numbers(String s, String option) {
        List<Integer> out = new ArrayList<>();
        for (String p : s.split(",")) {
            try {
                int v = Integer.parseInt(p.trim());
                if (v < 1) {
                    throw new NumberFormatException();
                }
                out.add(v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + ": '" + p + "' is not a positive number");
            }
        }
        return out;
    }
}
