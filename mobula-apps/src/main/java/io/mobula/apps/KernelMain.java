package io.mobula.apps;

import io.mobula.pool.LaunchEnvironment;
import io.mobula.pool.Pool;
import io.mobula.pool.PoolOptions;
import io.mobula.rmi.Rmi;
import java.io.Serializable;
import java.rmi.Remote;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What every kernel's mains share: the size argument, the timing, the verification against the sequential algorithm
 * and the result line. Exit codes: 0 verified, 1 the result differs or the run failed, 2 bad arguments.
 */
public final class KernelMain {
    private KernelMain() {
    }

    /**
     * The sequential version: {@code main(SIZE)}. Prints the result line and exits, 1 if the result fails the
     * kernel's own verification ({@link Kernel#check}).
     */
    public static <P, R> void sequential(Kernel<P, R> kernel, String[] args) {
        Input<P> in = parse(kernel, args);
        long t0 = System.nanoTime();
        R r = kernel.sequential(in.problem);
        double s = (System.nanoTime() - t0) / 1e9;
        String why = kernel.check(in.problem, r);
        if (why != null) {
            System.out.println(kernel.name() + " seq result: FAILED its verification: " + why);
        }
        kernel.report(in.problem, r, "seq", 1, s).forEach(System.out::println);
        if (why == null) {
            keep(kernel, in.values, s, r);
        }
        System.out.println(new ResultLine(kernel.name(), "seq", 1, in.size, s, s, why == null, kernel.checksum(r))
                .format());
        System.exit(why == null ? 0 : 1);
    }

    /**
     * A parallel version: {@code main(SIZE)} on every rank of a pool ({@code ./mobula run --np N}). Rank 0 gathers
     * the parts, runs the sequential algorithm on the same input, compares, prints the result line and exits 1 on a
     * mismatch.
     */
    public static <P, R> void parallel(Kernel<P, R> kernel, String version, String[] args, Parallel<P> body) {
        Input<P> in = parse(kernel, args);
        AppSettings settings = settings(kernel);
        if (System.getProperty("mobula.pool.rank") == null && LaunchEnvironment.detect().isEmpty()) {
            System.err.println(kernel.name() + " " + version + ": not in a pool; run it with ./mobula run --np N "
                    + mainOf(kernel, version) + " [size]");
            System.exit(2);
        }
        int code;
        try {
            code = runRank(kernel, version, in, body, settings);
        } catch (Throwable t) {
            System.err.println(kernel.name() + " " + version + " FAILED: " + t);
            t.printStackTrace();
            code = 1;
        }
        System.out.flush();
        System.exit(code); // exported objects keep the JVM alive otherwise
    }

    /** The run's settings from the system properties; a bad one ends the program with exit code 2. */
    private static AppSettings settings(Kernel<?, ?> kernel) {
        try {
            return AppSettings.fromSystemProperties();
        } catch (IllegalArgumentException e) {
            System.err.println(kernel.name() + ": " + e.getMessage());
            System.exit(2);
            throw e; // not reached
        }
    }

    private static <P, R> int runRank(Kernel<P, R> kernel, String version, Input<P> in, Parallel<P> body,
            AppSettings settings) throws Exception {
        PoolOptions o = PoolOptions.fromEnvironment();
        Remote service = body.service(in.problem);
        if (service != null) {
            Rmi.export(service);
            o = o.withService(service);
        }
        try (Pool pool = Pool.join(o)) {
            return run(pool, kernel, version, in.values, in.problem, body, settings) ? 0 : 1;
        }
    }

    /**
     * Runs a parallel version in a pool that already exists, so that one job can run several kernels in turn without
     * forming a pool for each: every rank of {@code pool} calls this with the same arguments; rank 0 verifies against
     * the sequential version and prints as {@link #parallel} does. Only for versions that offer no remote object of
     * their own ({@link Parallel#service} null, as the GMI versions): the pool's service is fixed when it forms.
     *
     * @param size the size argument, as on the command line ({@code 64}, {@code tiny})
     * @param settings the run's settings, the same on every rank
     * @return on rank 0, whether the result matched the sequential one; true on the others
     * @throws IllegalArgumentException if the size is not valid for the kernel, or the version needs a service
     * @throws Exception if the run failed (a lost member, a failed call)
     */
    public static <P, R> boolean runInPool(Pool pool, Kernel<P, R> kernel, String version, String size,
            Parallel<P> body, AppSettings settings) throws Exception {
        int[] values = kernel.sizes().parse(size);
        P problem = kernel.problem(values);
        if (body.service(problem) != null) {
            throw new IllegalArgumentException(kernel.name() + " " + version + " offers a service of its own: run it"
                    + " in a pool of its own (KernelMain.parallel)");
        }
        return run(pool, kernel, version, values, problem, body, settings);
    }

    private static <P, R> boolean run(Pool pool, Kernel<P, R> kernel, String version, int[] values, P problem,
            Parallel<P> body, AppSettings settings) throws Exception {
        RankContext<P> ctx = new RankContext<>(pool, problem, settings);
        Serializable part = body.run(ctx);
        String prefix = "apps/" + kernel.name() + "/part/";
        Parts.publish(pool, prefix, part);
        boolean verified = true;
        if (pool.rank() == 0) {
            verified = verify(kernel, version, values, pool.size(), Parts.gather(pool, prefix), ctx.seconds());
        }
        pool.barrier(); // nobody leaves while rank 0 still checks
        return verified;
    }

    /**
     * What rank 0 of a parallel run does once the parallel phase is over: assembles the parts (in rank order), runs
     * the sequential algorithm on a fresh input of the size {@code values}, compares, and prints the timing, the
     * verdict, the kernel's report lines and the result line. Also for parallel versions that are not Mobula
     * programs (the MPJ Express versions).
     *
     * @param np the number of ranks
     * @param parts the parts the ranks returned, in rank order
     * @param seconds the time of the parallel phase
     * @return whether the result matched the sequential one
     */
    public static <P, R> boolean verify(Kernel<P, R> kernel, String version, int[] values, int np,
            List<Serializable> parts, double seconds) {
        String size = sizeOf(values);
        P fresh = kernel.problem(values); // the input again, whatever the run did to its copy
        R result = kernel.assemble(fresh, parts);
        R expected;
        double seq;
        String from = "";
        Optional<SequentialResult.Kept> kept = SequentialResult.file().flatMap(SequentialResult::load)
                .filter(k -> k.matches(kernel.name(), values));
        if (kept.isPresent()) {
            @SuppressWarnings("unchecked") // the file holds a result of this kernel (name and size checked)
            R r = (R) kept.get().result();
            expected = r;
            seq = kept.get().seconds();
            from = " (the sequential run's, kept in " + SequentialResult.file().orElseThrow() + ")";
        } else {
            long t0 = System.nanoTime();
            expected = kernel.sequential(fresh);
            seq = (System.nanoTime() - t0) / 1e9;
        }
        String why = kernel.compare(fresh, expected, result);
        System.out.printf(Locale.ROOT, "%s %s, size %s, %d ranks: parallel %.3f s, sequential %.3f s%s,"
                + " speedup %.2f%n", kernel.name(), version, size, np, seconds, seq, from, seq / seconds);
        if (why == null) {
            System.out.println(kernel.name() + " " + version + " result: verified against the sequential"
                    + " version, checksum " + kernel.checksum(result));
        } else {
            System.out.println(kernel.name() + " " + version + " result: DIFFERS from the sequential"
                    + " version: " + why);
        }
        kernel.report(fresh, result, version, np, seconds).forEach(System.out::println);
        System.out.println(new ResultLine(kernel.name(), version, np, size, seconds, seq, why == null,
                kernel.checksum(result)).format());
        return why == null;
    }

    /** Writes a verified sequential result where {@link SequentialResult#PROPERTY} says, if it says. */
    private static void keep(Kernel<?, ?> kernel, int[] values, double seconds, Object result) {
        SequentialResult.file().ifPresent(f -> {
            try {
                SequentialResult.save(f, kernel.name(), values, seconds, result);
            } catch (java.io.IOException e) {
                System.out.println(kernel.name() + " seq: could not keep the result in " + f + ": " + e);
            }
        });
    }

    /** The size values as a result line gives them: {@code 2,10}. */
    public static String sizeOf(int[] values) {
        StringBuilder size = new StringBuilder();
        for (int x : values) {
            size.append(size.isEmpty() ? "" : ",").append(x);
        }
        return size.toString();
    }

    private static String mainOf(Kernel<?, ?> kernel, String version) {
        return kernel.versions().stream().filter(v -> v.name().equals(version)).map(Version::mainClass).findFirst()
                .orElse("<main class>");
    }

    private record Input<P>(String size, int[] values, P problem) {
    }

    private static <P> Input<P> parse(Kernel<P, ?> kernel, String[] args) {
        if (args.length > 1) {
            usage(kernel, "too many arguments");
        }
        String arg = args.length == 0 ? Sizes.DEFAULT : args[0];
        try {
            int[] v = kernel.sizes().parse(arg);
            return new Input<>(sizeOf(v), v, kernel.problem(v));
        } catch (IllegalArgumentException e) {
            usage(kernel, e.getMessage());
            return null;
        }
    }

    private static void usage(Kernel<?, ?> kernel, String why) {
        Sizes s = kernel.sizes();
        StringBuilder presets = new StringBuilder();
        for (String p : s.presetNames()) {
            presets.append(' ').append(p).append('=').append(s.describe(p));
        }
        System.err.println(kernel.name() + ": " + why + "\nusage: [./mobula run --np N] <main class> [SIZE]; SIZE is "
                + String.join(",", s.parameters()) + " or a preset:" + presets);
        System.exit(2);
    }
}
