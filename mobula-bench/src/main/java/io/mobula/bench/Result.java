package io.mobula.bench;

/**
 * One measured (case, system) cell of a suite.
 *
 * @param caseName   the case, e.g. "tree15"
 * @param system     the system, e.g. "kryo"
 * @param score      throughput in {@code unit}
 * @param scoreError half-width of the 99.9% confidence interval, NaN when too few samples
 * @param unit       e.g. "ops/s"
 */
public record Result(String caseName, String system, double score, double scoreError, String unit) {
}
