package io.mobula.pool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class RankDefaultsTest {
    private static final List<String> NO_YIELD = List.of("-Dmobula.shm.yieldMicros=0");

    @Test
    void ranksWithoutASpareProcessorDoNotYieldAndOthersKeepTheDefault() {
        assertEquals(NO_YIELD, RankDefaults.forLocalRanks(2, 2, List.of(), null, null));
        assertEquals(NO_YIELD, RankDefaults.forLocalRanks(8, 4, List.of("-Xmx1g"), "-Dother=1", ""));
        assertEquals(List.of(), RankDefaults.forLocalRanks(2, 4, List.of(), null, null));
        assertEquals(List.of(), RankDefaults.forLocalRanks(0, 2, List.of(), null, null));
    }

    @Test
    void theUsersSettingWins() {
        assertEquals(List.of(), RankDefaults.forLocalRanks(4, 2, List.of("-Dmobula.shm.yieldMicros=50"), null, null));
        assertEquals(List.of(), RankDefaults.forLocalRanks(4, 2, List.of(), "-Xss1m -Dmobula.shm.yieldMicros=20", null));
        assertEquals(List.of(), RankDefaults.forLocalRanks(4, 2, List.of(), null, "-Dmobula.shm.yieldMicros=5"));
    }

    @Test
    void theDefaultsComeBeforeTheUsersJvmOptionsSoTheUsersWin() throws Exception {
        RunOptions o = RunOptions.parse(List.of("--np", "2", "-J", "-Dmobula.shm.yieldMicros=7", "p.Main"), "/j",
                "/cp", "me", null);
        List<String> cmd = RankCommand.java(o, NO_YIELD, 0, "pool", "head:1", "127.0.0.1");
        assertEquals(List.of("/j", "-Dmobula.shm.yieldMicros=0", "-Dmobula.shm.yieldMicros=7"), cmd.subList(0, 3));
    }
}
