package io.mobula.rmi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The DGC lease from system properties: {@code mobula.leaseMs}, else java.rmi's {@code java.rmi.dgc.leaseValue}
 * (so a ported program that sets it gets the same leases), else 60 s.
 */
class LeaseSettingTest {
    @AfterEach
    void clear() {
        System.clearProperty("mobula.leaseMs");
        System.clearProperty("java.rmi.dgc.leaseValue");
    }

    @Test
    void mobulasSettingThenJavaRmisThenTheDefault() {
        assertEquals(Duration.ofSeconds(60), RmiConfig.fromSystemProperties().lease());
        System.setProperty("java.rmi.dgc.leaseValue", "1500");
        assertEquals(Duration.ofMillis(1500), RmiConfig.fromSystemProperties().lease());
        System.setProperty("mobula.leaseMs", "2500");
        assertEquals(Duration.ofMillis(2500), RmiConfig.fromSystemProperties().lease());
    }
}
