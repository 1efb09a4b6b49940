package io.mobula.pool.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code mobula run} on one host gives each job a secret of its own, unless a secret is set or auth is off. */
class JobSecretTest {
    @Test
    void eachLocalJobGetsAFreshSecretInTheRanksEnvironment() {
        Map<String, String> a = RankCommand.jobSecret(true, true, null, Map.of());
        Map<String, String> b = RankCommand.jobSecret(true, true, null, Map.of());
        assertEquals(1, a.size());
        assertTrue(a.get("MOBULA_SECRET").length() >= 40, "32 random bytes in base64");
        assertNotEquals(a.get("MOBULA_SECRET"), b.get("MOBULA_SECRET"), "one secret per job");
    }

    @Test
    void aConfiguredSecretSshRanksOrNoAuthenticationGetNone() {
        assertEquals(Map.of(), RankCommand.jobSecret(false, true, null, Map.of()), "mobula.auth=none");
        assertEquals(Map.of(), RankCommand.jobSecret(true, false, null, Map.of()), "ranks through ssh: the cookie");
        assertEquals(Map.of(), RankCommand.jobSecret(true, true, "/some/secret", Map.of()));
        assertEquals(Map.of(), RankCommand.jobSecret(true, true, null, Map.of("MOBULA_SECRET_FILE", "/s")));
        assertEquals(Map.of(), RankCommand.jobSecret(true, true, null, Map.of("MOBULA_SECRET", "x")));
    }
}
