package io.mobula.bench;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.format.OutputFormat;

import java.io.PrintStream;
import java.util.Collection;
import java.util.stream.Collectors;

/**
 * A JMH {@link OutputFormat} that turns JMH's events into {@link Progress} lines and sends JMH's own text
 * (fork banners, forked-VM output, failure stack traces) to a log.
 */
public final class JmhProgress implements OutputFormat {
    private final Progress progress;
    private final PrintStream log;

    public JmhProgress(Progress progress, PrintStream log) {
        this.progress = progress;
        this.log = log;
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
        String label = params.getParamsKeys().stream().map(params::getParam).collect(Collectors.joining(" / "));
        log.println("# " + params.id());
        progress.startCase(label);
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration,
                                IterationResult data) {
        log.println(params.getType() + " " + iteration + ": " + data.getPrimaryResult());
        progress.iteration(params.getType() == IterationType.WARMUP);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        if (result == null) {
            progress.endCase("FAILED (see log)");
            return;
        }
        Result<?> r = result.getPrimaryResult();
        progress.endCase(r.getSampleCount() == 0 ? "FAILED (see log)"
                : String.format("%,.0f %s", r.getScore(), r.getScoreUnit()));
    }

    @Override
    public void startRun() {
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        log.flush();
    }

    @Override
    public void print(String s) {
        log.print(s);
    }

    @Override
    public void println(String s) {
        log.println(s);
    }

    @Override
    public void flush() {
        log.flush();
    }

    @Override
    public void close() {
        log.flush();
    }

    @Override
    public void verbosePrintln(String s) {
        log.println(s);
    }

    @Override
    public void write(int b) {
        log.write(b);
    }

    @Override
    public void write(byte[] b) {
        log.write(b, 0, b.length);
    }
}
