package io.mobula.bench.gmi;

/**
 * One case as a rank program runs it, passed on the command line as {@code case:elements:warmup:samples:batch} to
 * the Java ranks and to the Open MPI program alike, so both run exactly the same operations.
 *
 * @param benchCase the case
 * @param elements  doubles per rank part ({@link GmiCase#elements})
 * @param warmup    untimed samples first
 * @param samples   timed samples
 * @param batch     operations per sample of {@link GmiCase#BROADCAST_THROUGHPUT} (1 for the others)
 */
public record CaseSpec(GmiCase benchCase, int elements, int warmup, int samples, int batch) {

    public CaseSpec {
        if (elements < 1 || warmup < 0 || samples < 1 || batch < 1) {
            throw new IllegalArgumentException("bad case spec " + benchCase + ": elements " + elements + ", warmup "
                    + warmup + ", samples " + samples + ", batch " + batch);
        }
    }

    public String encode() {
        return benchCase.id() + ":" + elements + ":" + warmup + ":" + samples + ":" + batch;
    }

    public static CaseSpec decode(String s) {
        String[] f = s.split(":");
        if (f.length != 5) {
            throw new IllegalArgumentException("case spec must be case:elements:warmup:samples:batch, got '" + s + "'");
        }
        return new CaseSpec(GmiCase.byId(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]),
                Integer.parseInt(f[3]), Integer.parseInt(f[4]));
    }
}
