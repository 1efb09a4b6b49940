package io.mobula.pool;

import java.util.Map;
import java.util.Optional;

/**
 * Rank and size as an existing launcher announces them in the environment: {@code mobula run} (MOBULA_RANK,
 * MOBULA_SIZE), Slurm (SLURM_PROCID, SLURM_NTASKS), Open MPI (OMPI_COMM_WORLD_RANK/SIZE), MPICH and other
 * Hydra/PMI launchers (PMI_RANK, PMI_SIZE). The first complete pair wins, in that order.
 *
 * @param rank   this process's rank
 * @param size   the number of processes
 * @param source which launcher, e.g. {@code "slurm"}
 */
public record LaunchEnvironment(int rank, int size, String source) {
    private static final String[][] VARS = {
            {"mobula", "MOBULA_RANK", "MOBULA_SIZE"},
            {"slurm", "SLURM_PROCID", "SLURM_NTASKS"},
            {"openmpi", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"},
            {"pmi", "PMI_RANK", "PMI_SIZE"},
    };

    /** Looks at this process's environment. */
    public static Optional<LaunchEnvironment> detect() {
        return detect(System.getenv());
    }

    /**
     * Looks at {@code env}.
     *
     * @throws IllegalArgumentException when a launcher's variables are present but not valid numbers
     */
    public static Optional<LaunchEnvironment> detect(Map<String, String> env) {
        for (String[] v : VARS) {
            String r = env.get(v[1]);
            String s = env.get(v[2]);
            if (r != null && s != null) {
                try {
                    int rank = Integer.parseInt(r.strip());
                    int size = Integer.parseInt(s.strip());
                    if (size > 0 && rank >= 0 && rank < size) {
                        return Optional.of(new LaunchEnvironment(rank, size, v[0]));
                    }
                } catch (NumberFormatException ignored) {
                    // reported below
                }
                throw new IllegalArgumentException("bad " + v[0] + " rank/size in the environment: " + v[1] + "=" + r
                        + ", " + v[2] + "=" + s);
            }
        }
        return Optional.empty();
    }
}
