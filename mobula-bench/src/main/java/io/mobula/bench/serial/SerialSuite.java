package io.mobula.bench.serial;

import io.mobula.bench.JmhProgress;
import io.mobula.bench.Progress;
import io.mobula.bench.Result;
import io.mobula.bench.RunMode;
import io.mobula.bench.Suite;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The serialization suite: {@link SerialRoundTripBenchmark} for every {@link SerialCase} x
 * {@link SerialSystem}, through the JMH Runner API in this process, each cell in forked JVMs.
 */
public final class SerialSuite implements Suite {

    @Override
    public String name() {
        return "serial";
    }

    @Override
    public List<String> cases() {
        return Arrays.stream(SerialCase.values()).map(SerialCase::id).toList();
    }

    @Override
    public List<String> systems() {
        return Arrays.stream(SerialSystem.values()).map(SerialSystem::id).toList(); // baseline first
    }

    @Override
    public List<Result> run(RunMode mode, Progress progress, Path log) throws Exception {
        List<String> systems = systems();
        Options options = new OptionsBuilder()
                .include(Pattern.quote(SerialRoundTripBenchmark.class.getName() + ".roundTrip") + "$")
                .param("serialCase", cases().toArray(String[]::new))
                .param("system", systems.toArray(String[]::new))
                .forks(mode.forks())
                .warmupIterations(mode.warmupIterations())
                .warmupTime(TimeValue.seconds(mode.iterationSeconds()))
                .measurementIterations(mode.measurementIterations())
                .measurementTime(TimeValue.seconds(mode.iterationSeconds()))
                .threads(1)
                .jvmArgsAppend(forkJvmArgs())
                .shouldFailOnError(false) // a failed cell is reported as missing; the others still run
                .build();
        progress.expect(cases().size() * systems.size());
        List<Result> results = new ArrayList<>();
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        try (OutputStream file = Files.newOutputStream(log);
             PrintStream logStream = new PrintStream(file, true, StandardCharsets.UTF_8)) {
            // JMH copies the forked VMs' stdout/stderr to ours; keep that in the log, not in the report
            System.setOut(logStream);
            System.setErr(logStream);
            Collection<RunResult> runs;
            try {
                runs = new Runner(options, new JmhProgress(progress, logStream)).run();
            } finally {
                System.setOut(stdout);
                System.setErr(stderr);
            }
            for (RunResult rr : runs) {
                var primary = rr.getPrimaryResult();
                if (primary.getSampleCount() == 0) {
                    continue;
                }
                results.add(new Result(rr.getParams().getParam("serialCase"), rr.getParams().getParam("system"),
                        primary.getScore(), primary.getScoreError(), primary.getScoreUnit()));
            }
        }
        return results;
    }

    /** Same heap for every system; Fory and Kryo use sun.misc.Unsafe, which JDK 24+ warns about unless allowed. */
    private static String[] forkJvmArgs() {
        List<String> args = new ArrayList<>(List.of("-Xms1g", "-Xmx1g"));
        if (Runtime.version().feature() >= 23) {
            args.add("--sun-misc-unsafe-memory-access=allow");
        }
        return args.toArray(String[]::new);
    }
}
