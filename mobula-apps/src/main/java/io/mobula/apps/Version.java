package io.mobula.apps;

import java.util.List;

/**
 * One version of a kernel.
 *
 * @param name {@code seq}, {@code naive-rmi} (the straightforward RMI program, thesis 4.4.2), {@code rmi} (the
 *     optimized one), {@code repmi}, {@code gmi}, {@code mpi} (C + MPI) or {@code mpj} (Java, MPJ Express)
 * @param mainClass the class whose {@code main} runs it
 * @param how one line on how this version communicates
 * @param classes the classes this version uses beyond those every version of the kernel shares (its main class
 *     first), for the code-size table; the kernel's classes no version lists are shared by its versions
 * @param launch how the main class is started
 */
public record Version(String name, String mainClass, String how, List<Class<?>> classes, Launch launch) {
    /** How a version's main class is started. */
    public enum Launch {
        /** In one JVM: {@code java MAIN SIZE} (the sequential version). */
        ONE_JVM,
        /** On every rank of a pool: {@code mobula run --np N MAIN SIZE}. */
        POOL,
        /**
         * In one JVM that starts a native MPI program with {@code mpirun}: {@code java MAIN --np N SIZE}; the main
         * prints the same result line as the others.
         */
        MPIRUN,
        /**
         * In one JVM that compiles the kernel's MPJ Express program (the mpiJava 1.2 API) against the installed MPJ
         * Express and runs it: {@code java MAIN --np N SIZE}; rank 0 of the program prints the same result line as
         * the others.
         */
        MPJ
    }

    /** A version made of {@code classes}, the first of which is its main class: {@code seq} in one JVM, else pooled. */
    public static Version of(String name, String how, Class<?>... classes) {
        return new Version(name, classes[0].getName(), how, List.of(classes),
                name.equals("seq") ? Launch.ONE_JVM : Launch.POOL);
    }

    /** A version whose main class starts a native MPI program ({@link Launch#MPIRUN}). */
    public static Version mpirun(String name, String how, Class<?> main) {
        return new Version(name, main.getName(), how, List.of(main), Launch.MPIRUN);
    }

    /**
     * The MPJ Express version ({@code mpj}, {@link Launch#MPJ}) whose main class is {@code main}, named after its
     * program with {@code Run} appended ({@code LuFactMpjRun} runs {@code LuFactMpj}, see {@link #mpjProgram}).
     */
    public static Version mpj(String how, Class<?> main) {
        if (!main.getSimpleName().endsWith("Run")) {
            throw new IllegalArgumentException(main.getName() + " is not named after its program plus Run");
        }
        return new Version("mpj", main.getName(), how, List.of(main), Launch.MPJ);
    }

    /**
     * The MPJ Express program an {@link Launch#MPJ} version runs: its source is {@code io/mobula/apps/mpj/NAME.java}
     * among the resources of mobula-apps.
     */
    public String mpjProgram() {
        if (launch != Launch.MPJ) {
            throw new IllegalStateException(name + " is not an MPJ Express version");
        }
        String simple = mainClass.substring(mainClass.lastIndexOf('.') + 1);
        return simple.substring(0, simple.length() - "Run".length());
    }

    /** Whether this is the sequential version (run without a pool). */
    public boolean sequential() {
        return launch == Launch.ONE_JVM;
    }
}
