package io.mobula.apps;

import java.io.IOException;
import java.io.InputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Optional;

/**
 * A sequential run's result kept in a file, so that the parallel runs of {@code ./mobula speedup} compare with it
 * instead of running the sequential algorithm again on rank 0 (which took as long as the sequential run itself, each
 * time). The sequential main writes it when {@value #PROPERTY} names a file; rank 0 of a parallel run reads it when the
 * property names a file that holds a result of the same kernel and size, and otherwise runs the sequential algorithm
 * as before. The comparison itself is unchanged: the kernel's own {@link Kernel#compare}.
 *
 * <p>The file is read with a filter that admits only this package's classes, arrays, boxed numbers and strings, at a
 * bounded size and depth: it is the driver's own temporary file, but a result is never a reason to run other code.
 * A result type that is not {@link java.io.Serializable} is not kept (the parallel runs then compute it).
 */
public final class SequentialResult {
    /** The system property naming the file. */
    public static final String PROPERTY = "mobula.apps.sequentialResult";

    private static final long MAX_BYTES = 1L << 31;

    private SequentialResult() {
    }

    /** The file the property names, if any. */
    public static Optional<Path> file() {
        String f = System.getProperty(PROPERTY);
        return f == null || f.isBlank() ? Optional.empty() : Optional.of(Path.of(f));
    }

    /** What a file holds: which run it came from, its time and its result. */
    public record Kept(String kernel, int[] values, double seconds, Object result) {
        /** Whether it is a result of {@code kernel} at the size {@code size}. */
        public boolean matches(String kernelName, int[] size) {
            return kernel.equals(kernelName) && Arrays.equals(values, size);
        }
    }

    /**
     * Writes the result to {@code file} (replacing it, atomically); a result that cannot be serialized deletes the
     * file instead, so that no stale result stays behind.
     */
    public static void save(Path file, String kernel, int[] values, double seconds, Object result) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream os = Files.newOutputStream(tmp); ObjectOutputStream out = new ObjectOutputStream(os)) {
            out.writeUTF(kernel);
            out.writeObject(values.clone());
            out.writeDouble(seconds);
            out.writeObject(result);
        } catch (NotSerializableException e) {
            Files.deleteIfExists(tmp);
            Files.deleteIfExists(file);
            return;
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The result in {@code file}, or empty if there is none or it cannot be read. */
    public static Optional<Kept> load(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try (InputStream is = Files.newInputStream(file); ObjectInputStream in = new ObjectInputStream(is)) {
            in.setObjectInputFilter(SequentialResult::admit);
            String kernel = in.readUTF();
            int[] values = (int[]) in.readObject();
            double seconds = in.readDouble();
            Object result = in.readObject();
            return Optional.of(new Kept(kernel, values, seconds, result));
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            return Optional.empty();
        }
    }

    private static ObjectInputFilter.Status admit(ObjectInputFilter.FilterInfo info) {
        if (info.depth() > 64 || info.streamBytes() > MAX_BYTES || info.references() > 100_000_000) {
            return ObjectInputFilter.Status.REJECTED;
        }
        Class<?> c = info.serialClass();
        if (c == null) {
            return ObjectInputFilter.Status.UNDECIDED;
        }
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive() || c == String.class || Number.class.isAssignableFrom(c) && c.getPackageName()
                .equals("java.lang") || c == Boolean.class || c == Record.class
                || c.getPackageName().startsWith("io.mobula.apps")) {
            return ObjectInputFilter.Status.ALLOWED;
        }
        return ObjectInputFilter.Status.REJECTED;
    }
}
