package io.mobula.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * A benchmark suite runnable by {@link BenchMain}: a grid of cases x systems, each cell one throughput. How
 * a suite measures is its own business (JMH in-process and forked for "serial"; a multi-process harness for
 * RMI), so it only hands back results.
 */
public interface Suite {

    /** The name on the command line. */
    String name();

    /** The cases, in table row order. */
    List<String> cases();

    /** The systems, in table column order; the first is the baseline the ratios are relative to. */
    List<String> systems();

    /**
     * Runs every case on every system. Progress goes to {@code progress}; anything verbose (e.g. JMH's own
     * output) to {@code log}. A cell that failed is absent from the result.
     */
    List<Result> run(RunMode mode, Progress progress, Path log) throws Exception;
}
