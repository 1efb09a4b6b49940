package io.mobula.apps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.pool.MemberLostException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AppSettingsTest {
    private static final String[] PROPERTIES = {"mobula.apps.stallSeconds", "mobula.apps.corruptRank",
        "mobula.apps.fft.chunkBytes", "mobula.apps.runTimeoutSeconds"};

    @AfterEach
    void clear() {
        for (String p : PROPERTIES) {
            System.clearProperty(p);
        }
    }

    @Test
    void withoutPropertiesTheDefaults() {
        AppSettings s = AppSettings.fromSystemProperties();
        assertEquals(AppSettings.defaults(), s);
        assertEquals(Duration.ofSeconds(120), s.stall());
        assertEquals(-1, s.corruptRank());
        assertEquals(8L << 20, s.fftChunkBytes());
        assertEquals(Duration.ofSeconds(1800), s.runTimeout());
    }

    @Test
    void eachPropertyReplacesItsDefault() {
        Map.of("mobula.apps.stallSeconds", "7", "mobula.apps.corruptRank", "2", "mobula.apps.fft.chunkBytes", " 300",
                "mobula.apps.runTimeoutSeconds", "60").forEach(System::setProperty);
        assertEquals(new AppSettings(Duration.ofSeconds(7), 2, 300, Duration.ofMinutes(1)),
                AppSettings.fromSystemProperties());
    }

    @Test
    void aBadValueNamesItsProperty() {
        System.setProperty("mobula.apps.stallSeconds", "two");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, AppSettings::fromSystemProperties);
        assertTrue(e.getMessage().contains("-Dmobula.apps.stallSeconds=two is not a whole number"), e.getMessage());
        System.setProperty("mobula.apps.stallSeconds", "0");
        e = assertThrows(IllegalArgumentException.class, AppSettings::fromSystemProperties);
        assertTrue(e.getMessage().contains("stall time must be positive"), e.getMessage());
        System.clearProperty("mobula.apps.stallSeconds");
        System.setProperty("mobula.apps.fft.chunkBytes", "15");
        e = assertThrows(IllegalArgumentException.class, AppSettings::fromSystemProperties);
        assertTrue(e.getMessage().contains("at least 16 bytes"), e.getMessage());
        System.setProperty("mobula.apps.fft.chunkBytes", "16");
        System.setProperty("mobula.apps.corruptRank", "99999999999");
        e = assertThrows(IllegalArgumentException.class, AppSettings::fromSystemProperties);
        assertTrue(e.getMessage().startsWith("bad mobula.apps.* setting"), e.getMessage());
    }

    @Test
    void faultsCorruptOnlyTheNamedRank() {
        AppSettings none = AppSettings.defaults();
        AppSettings one = none.withCorruptRank(1);
        assertFalse(Faults.corrupts(none, 1));
        assertFalse(Faults.corrupts(one, 0));
        assertTrue(Faults.corrupts(one, 1));
        assertEquals(4, Faults.corrupt(one, 0, new int[] {4})[0]);
        assertEquals(5, Faults.corrupt(one, 1, new int[] {4})[0]);
        assertEquals(Math.nextUp(1.0), Faults.corrupt(one, 1, new double[] {1.0})[0]);
        assertEquals(1.0, Faults.corrupt(one, 0, new double[] {1.0})[0]);
    }

    @Test
    void aMailboxGivesUpAfterTheWatchedStall() {
        Mailbox box = new Mailbox();
        AppSettings quick = new AppSettings(Duration.ofMillis(300), -1, 16, Duration.ofSeconds(1));
        box.watch(new RankContext<>(null, null, quick)); // no pool: nobody to ask about dead ranks
        long t0 = System.nanoTime();
        MemberLostException e = assertThrows(MemberLostException.class, () -> box.take(1, "value 1"));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 300 && ms < 10_000, ms + " ms");
        assertTrue(e.getMessage().contains("no progress for PT0.3S waiting for value 1"), e.getMessage());
    }
}
