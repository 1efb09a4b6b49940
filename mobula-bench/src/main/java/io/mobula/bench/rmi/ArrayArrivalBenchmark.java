package io.mobula.bench.rmi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What an array that arrives costs its receiver besides the wire, in one process: the bytes sit in off-heap memory
 * (as in a shared-memory ring) and become an {@code int[]}. The raw shared-memory baseline of the RMI collection copies
 * them into a direct buffer it reuses for every message; an RMI receiver (Mobula's and java.rmi's alike) must hand the
 * method a new array, which the JVM zeroes before the copy fills it. The four operations split that cost: the copy
 * alone into a reused direct buffer or a reused array, a new array alone, and both together.
 *
 * <p>Run: {@code java -cp mobula-bench/target/mobula-bench.jar org.openjdk.jmh.Main ArrayArrivalBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ArrayArrivalBenchmark {
    /** Elements: the int[20000] of the RMI collection, and 1 MiB. */
    @Param({"20000", "262144"})
    public int length;

    private ByteBuffer ring;
    private ByteBuffer direct;
    private int[] reused;

    @Setup
    public void setUp() {
        ring = ByteBuffer.allocateDirect(length * 4).order(ByteOrder.nativeOrder());
        for (int i = 0; i < length; i++) {
            ring.putInt(i * 4, i * 31);
        }
        direct = ByteBuffer.allocateDirect(length * 4).order(ByteOrder.nativeOrder());
        reused = new int[length];
    }

    /** The raw baseline's receive: off-heap to a reused direct buffer. */
    @Benchmark
    public ByteBuffer copyToReusedDirectBuffer() {
        direct.clear();
        return direct.put(0, ring, 0, length * 4);
    }

    /** The copy alone into a reused array. */
    @Benchmark
    public int[] copyToReusedArray() {
        ring.asIntBuffer().get(0, reused);
        return reused;
    }

    /** A new array alone: what the JVM spends to hand out 4 x length zeroed bytes, garbage collection included. */
    @Benchmark
    public int[] newArray() {
        return new int[length];
    }

    /** An RMI receiver's work: a new array, then the copy into it. */
    @Benchmark
    public int[] copyToNewArray() {
        int[] a = new int[length];
        ring.asIntBuffer().get(0, a);
        return a;
    }
}
