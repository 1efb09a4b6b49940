package io.mobula.bench;

/** How long a suite measures: {@code --quick} (the default) or {@code --full}. */
public enum RunMode {
    QUICK("quick", 1, 3, 5),
    FULL("full", 2, 5, 10);

    private final String id;
    private final int forks;
    private final int warmupIterations;
    private final int measurementIterations;

    RunMode(String id, int forks, int warmupIterations, int measurementIterations) {
        this.id = id;
        this.forks = forks;
        this.warmupIterations = warmupIterations;
        this.measurementIterations = measurementIterations;
    }

    public String id() {
        return id;
    }

    /** Separate JVMs per case, so one case's JIT profile cannot leak into another's. */
    public int forks() {
        return forks;
    }

    /** Warmup iterations of {@link #iterationSeconds()} each, per fork. */
    public int warmupIterations() {
        return warmupIterations;
    }

    /** Measured iterations of {@link #iterationSeconds()} each, per fork. */
    public int measurementIterations() {
        return measurementIterations;
    }

    public int iterationSeconds() {
        return 1;
    }

    /** E.g. "1 fork, 3x1 s warmup, 5x1 s measurement". */
    public String describe() {
        return forks + (forks == 1 ? " fork, " : " forks, ") + warmupIterations + "x" + iterationSeconds()
                + " s warmup, " + measurementIterations + "x" + iterationSeconds() + " s measurement";
    }
}
