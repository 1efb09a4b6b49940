package io.mobula.apps.cli;

import io.mobula.apps.Catalog;
import io.mobula.apps.Kernel;
import io.mobula.apps.Sizes;
import io.mobula.apps.Version;
import java.nio.file.Path;

/**
 * {@code ./mobula apps}: lists every kernel and version with the command that runs it; {@code ./mobula apps --lines}
 * prints the code-size table ({@link LineCount}).
 */
public final class AppsMain {
    private AppsMain() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(".");
        boolean lines = false;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--root") && i + 1 < args.length) {
                root = Path.of(args[++i]);
            } else if (args[i].equals("--lines")) {
                lines = true;
            } else {
                System.err.println("usage: ./mobula apps [--lines]");
                System.exit(2);
            }
        }
        System.out.print(lines ? LineCount.table(root) : listing());
    }

    /** The listing: per kernel its sizes, then one line per version with its command. */
    static String listing() {
        StringBuilder b = new StringBuilder();
        b.append("Application kernels. SIZE is a preset (tiny, default, thesis) or the numbers; default if omitted.\n")
                .append("Each parallel run checks its result against the sequential version and exits non-zero if"
                        + " it differs.\n")
                .append("Speedup table: ./mobula speedup <kernel> [--versions rmi,gmi] [--np 1,2,4] [--runs R]"
                        + " [SIZE]\n");
        for (Kernel<?, ?> k : Catalog.kernels()) {
            Sizes s = k.sizes();
            b.append('\n').append(k.name()).append(": ").append(k.title()).append(" (").append(k.thesis())
                    .append(")\n  SIZE = ").append(String.join(",", s.parameters())).append(";");
            for (String p : s.presetNames()) {
                b.append(' ').append(p).append('=').append(s.describe(p));
            }
            b.append('\n');
            for (Version v : k.versions()) {
                String cmd = switch (v.launch()) {
                    case ONE_JVM -> "./mobula run --np 1 " + v.mainClass() + " [SIZE]";
                    case POOL -> "./mobula run --np N " + v.mainClass() + " [SIZE]";
                    case MPIRUN -> "./mobula speedup " + k.name() + " --versions " + v.name()
                            + " --np N --runs 1 [SIZE]   (needs Open MPI's mpicc and mpirun)";
                    case MPJ -> "./mobula speedup " + k.name() + " --versions " + v.name()
                            + " --np N --runs 1 [SIZE]   (needs MPJ Express and a JDK)";
                };
                b.append(String.format("  %-9s %s%n            %s%n", v.name(), cmd, v.how()));
            }
        }
        return b.toString();
    }
}
