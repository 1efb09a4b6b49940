package io.mobula.bench.repmi;

/**
 * One case as the rank programs run it, passed on the command line as {@code case:warmup:samples:batch:size}.
 *
 * @param benchCase the case
 * @param warmup    untimed samples first
 * @param samples   timed samples
 * @param batch     writes per sample ({@link RepmiCase#BROADCAST_GAP} and the throughput cases; 1 for the others)
 * @param size      bytes of each array (throughput cases), or calls per sample ({@link RepmiCase#READ}); else 0
 */
public record RepmiSpec(RepmiCase benchCase, int warmup, int samples, int batch, int size) {

    public RepmiSpec {
        if (warmup < 0 || samples < 1 || batch < 1 || (benchCase.throughput() && size < 8)
                || (benchCase == RepmiCase.READ && size < 1) || size < 0) {
            throw new IllegalArgumentException("bad case spec " + benchCase.key() + ": warmup " + warmup + ", samples "
                    + samples + ", batch " + batch + ", size " + size);
        }
    }

    /** Writes the case makes in all (0 for the read and the null RMI). */
    long writes() {
        return switch (benchCase) {
            case READ, NULL_RMI -> 0;
            default -> (long) (warmup + samples) * batch;
        };
    }

    public String encode() {
        return benchCase.key() + ":" + warmup + ":" + samples + ":" + batch + ":" + size;
    }

    public static RepmiSpec decode(String s) {
        String[] f = s.split(":");
        if (f.length != 5) {
            throw new IllegalArgumentException("case spec must be case:warmup:samples:batch:size, got '" + s + "'");
        }
        try {
            return new RepmiSpec(RepmiCase.byKey(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                    Integer.parseInt(f[3]), Integer.parseInt(f[4]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("case spec '" + s + "' has a field that is no number");
        }
    }
}
