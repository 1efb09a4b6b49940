package io.mobula.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class LaunchEnvironmentTest {
    @Test
    void launchers() {
        assertEquals(Optional.of(new LaunchEnvironment(3, 8, "slurm")),
                LaunchEnvironment.detect(Map.of("SLURM_PROCID", "3", "SLURM_NTASKS", "8")));
        assertEquals(Optional.of(new LaunchEnvironment(1, 2, "openmpi")),
                LaunchEnvironment.detect(Map.of("OMPI_COMM_WORLD_RANK", "1", "OMPI_COMM_WORLD_SIZE", "2")));
        assertEquals(Optional.of(new LaunchEnvironment(0, 4, "pmi")),
                LaunchEnvironment.detect(Map.of("PMI_RANK", "0", "PMI_SIZE", "4")));
        assertEquals(Optional.of(new LaunchEnvironment(2, 5, "mobula")), LaunchEnvironment.detect(Map.of(
                "MOBULA_RANK", "2", "MOBULA_SIZE", "5", "SLURM_PROCID", "0", "SLURM_NTASKS", "1")));
        assertTrue(LaunchEnvironment.detect(Map.of("SLURM_PROCID", "1")).isEmpty(), "half a pair is no launcher");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LaunchEnvironment.detect(Map.of("PMI_RANK", "4", "PMI_SIZE", "4")));
        assertTrue(e.getMessage().contains("PMI_RANK=4"), e.getMessage());
    }

    @Test
    void explicitSettingsWinOverTheLauncher() {
        Properties p = new Properties();
        p.setProperty("mobula.pool.rank", "1");
        p.setProperty("mobula.pool.size", "2");
        p.setProperty("mobula.pool.server", "10.0.0.1:4000");
        PoolOptions o = PoolOptions.fromEnvironment(Map.of("SLURM_PROCID", "5", "SLURM_NTASKS", "6",
                "SLURM_JOB_ID", "77"), p);
        assertEquals(1, o.rank());
        assertEquals(2, o.size());
        assertEquals("10.0.0.1", o.serverHost());
        assertEquals(4000, o.serverPort());
        assertEquals("slurm-77.0", o.name());

        PoolOptions s = PoolOptions.fromEnvironment(Map.of("SLURM_PROCID", "5", "SLURM_NTASKS", "6",
                "MOBULA_POOL_BOOTSTRAP", "rank0"), new Properties());
        assertEquals(5, s.rank());
        assertTrue(s.rank0Hosts());
    }

    @Test
    void eachLauncherJobNamesItsOwnPool() {
        // two mpirun jobs on one machine: without a name of their own both were "default", and shared one pool
        Map<String, String> job1 = Map.of("OMPI_COMM_WORLD_RANK", "1", "OMPI_COMM_WORLD_SIZE", "3",
                "OMPI_MCA_ess_base_jobid", "1791688705", "PMIX_NAMESPACE", "1791688705");
        Map<String, String> job2 = Map.of("OMPI_COMM_WORLD_RANK", "1", "OMPI_COMM_WORLD_SIZE", "3",
                "OMPI_MCA_ess_base_jobid", "1791754241", "PMIX_NAMESPACE", "1791754241");
        assertEquals("openmpi-1791688705", PoolOptions.fromEnvironment(job1, new Properties()).name());
        assertEquals("openmpi-1791754241", PoolOptions.fromEnvironment(job2, new Properties()).name());
        // Open MPI 5 (PRRTE) names the job only by its PMIx namespace
        assertEquals("pmix-prterun-n1-4711@1", PoolOptions.fromEnvironment(Map.of("OMPI_COMM_WORLD_RANK", "0",
                "OMPI_COMM_WORLD_SIZE", "2", "PMIX_NAMESPACE", "prterun-n1-4711@1"), new Properties()).name());
        // Slurm first (srun with PMIx sets both), an explicit name wins over any job
        assertEquals("slurm-9.2", PoolOptions.fromEnvironment(Map.of("SLURM_PROCID", "0", "SLURM_NTASKS", "2",
                "SLURM_JOB_ID", "9", "SLURM_STEP_ID", "2", "PMIX_NAMESPACE", "slurm.pmix.9.2"), new Properties())
                .name());
        Properties named = new Properties();
        named.setProperty("mobula.pool.name", "mine");
        assertEquals("mine", PoolOptions.fromEnvironment(job1, named).name());
        assertEquals("default", PoolOptions.fromEnvironment(Map.of("PMI_RANK", "0", "PMI_SIZE", "2"),
                new Properties()).name());
    }

    @Test
    void missingOrBadSettingsAreExplained() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> PoolOptions.fromEnvironment(Map.of(), new Properties()));
        assertTrue(none.getMessage().contains("mobula.pool.rank"), none.getMessage());
        Properties p = new Properties();
        p.setProperty("mobula.pool.rank", "0");
        p.setProperty("mobula.pool.size", "2");
        p.setProperty("mobula.pool.server", "nohostport");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> PoolOptions.fromEnvironment(Map.of(), p));
        assertTrue(bad.getMessage().contains("host:port"), bad.getMessage());
    }

    @Test
    void hostIdentityOfThisProcess() {
        HostIdentity h = HostIdentity.local();
        assertTrue(h.sameHost(HostIdentity.local()));
        assertTrue(!h.sameHost(new HostIdentity(h.hostName(), h.bootId(), "net:[1]")) || h.netNamespace()
                .equals("net:[1]"));
    }
}
