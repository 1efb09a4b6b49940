package io.mobula.bench.startup;

import io.mobula.pool.cli.MobulaRun;
import java.util.List;

/** The job {@link StartupSuite} times: what a user types to run ASP at its tiny size on two ranks. */
final class StartupJob {
    private StartupJob() {
    }

    /** {@code mobula run --np 2} of ASP at its tiny size on {@code classPath}, as the launcher's own JVM. */
    static List<String> command(String java, String classPath) {
        return List.of(java, "-cp", classPath, MobulaRun.class.getName(), "--np", "2", "--timeout", "60",
                "io.mobula.apps.asp.AspRmi", "tiny");
    }
}
