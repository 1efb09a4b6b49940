package io.mobula.bench.serial;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * One operation = serialize the case's graph into the system's reusable buffer and deserialize it back.
 * The input graph is built once per trial; the returned copy goes to JMH's blackhole.
 * {@link SerialSuite} always sets both parameters; the defaults here only make the class runnable alone.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SerialRoundTripBenchmark {

    @Param({"ints32"})
    public String serialCase;

    @Param({"fory"})
    public String system;

    private Object graph;
    private RoundTrip roundTrip;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        SerialCase c = SerialCase.byId(serialCase);
        roundTrip = SerialSystem.byId(system).createValidated(c);
        graph = roundTrip.graph(c);
    }

    @Benchmark
    public Object roundTrip() throws Exception {
        return roundTrip.roundTrip(graph);
    }
}
