package io.mobula.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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

    private static Map<String, String> slurmStep(String job, String step, String nodes, String numNodes) {
        Map<String, String> env = new java.util.HashMap<>(Map.of("SLURM_PROCID", "1", "SLURM_NTASKS", "4",
                "SLURM_JOB_ID", job, "SLURM_STEP_ID", step, "SLURM_STEP_NODELIST", nodes,
                "SLURM_STEP_NUM_NODES", numNodes, "MOBULA_POOL_BOOTSTRAP", "rank0"));
        return env;
    }

    @Test
    void slurmRank0CoordinatorOnOneNodeIsLoopbackOnAPortOfTheStep() {
        PoolOptions a = PoolOptions.fromEnvironment(slurmStep("4242", "0", "vm", "1"), new Properties());
        assertTrue(a.rank0Hosts());
        assertEquals("127.0.0.1", a.serverHost());
        assertEquals(PoolOptions.SLURM_PORT_BASE + (4242 * 257) % PoolOptions.SLURM_PORT_RANGE, a.serverPort());
        // two jobs (or two steps of a job) sharing a node must not both want the same coordinator port
        PoolOptions otherJob = PoolOptions.fromEnvironment(slurmStep("4243", "0", "vm", "1"), new Properties());
        PoolOptions otherStep = PoolOptions.fromEnvironment(slurmStep("4242", "1", "vm", "1"), new Properties());
        assertNotEquals(a.serverPort(), otherJob.serverPort());
        assertNotEquals(a.serverPort(), otherStep.serverPort());
        assertNotEquals(otherJob.serverPort(), otherStep.serverPort());
        assertTrue(a.serverPort() >= 16384 && a.serverPort() < 32768, "port " + a.serverPort());
        // every rank of the step computes the same address
        Map<String, String> rank3 = slurmStep("4242", "0", "vm", "1");
        rank3.put("SLURM_PROCID", "3");
        PoolOptions r3 = PoolOptions.fromEnvironment(rank3, new Properties());
        assertEquals(a.serverHost() + ":" + a.serverPort(), r3.serverHost() + ":" + r3.serverPort());
    }

    @Test
    void slurmRank0CoordinatorOnSeveralNodesIsTheFirstNodeOrTheReservedPort() {
        Map<String, String> env = slurmStep("7", "2", "node[07-09,12],gpu1", "5");
        PoolOptions o = PoolOptions.fromEnvironment(env, new Properties());
        assertEquals("node07", o.serverHost());
        env.put("SLURM_STEP_RESV_PORTS", "12000-12003");
        assertEquals(12000, PoolOptions.fromEnvironment(env, new Properties()).serverPort());
        assertEquals("a1b003", PoolOptions.firstHost("a[1-2]b[003-004],c"));
        assertEquals("login", PoolOptions.firstHost("login,node[1-4]"));
        assertThrows(IllegalArgumentException.class, () -> PoolOptions.firstHost("node[1-4"));
        // an explicit server wins; a pool server (bootstrap=server) keeps the documented default
        env.put("MOBULA_POOL_SERVER", "10.1.1.1:5000");
        assertEquals("10.1.1.1", PoolOptions.fromEnvironment(env, new Properties()).serverHost());
        env.remove("MOBULA_POOL_SERVER");
        env.put("MOBULA_POOL_BOOTSTRAP", "server");
        PoolOptions server = PoolOptions.fromEnvironment(env, new Properties());
        assertEquals("127.0.0.1", server.serverHost());
        assertEquals(PoolServer.DEFAULT_PORT, server.serverPort());
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
