package io.mobula.examples.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mobula.examples.ChildJvm;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The checks on a {@link LedgerClientMain}'s report of a batch of calls, shared by the fault tests: every call
 * answered with its own number or failed with a RemoteException, the server ran no number twice, and it ran exactly
 * the calls that answered plus at most those that failed.
 */
final class LedgerCalls {
    static final Duration WAIT = Duration.ofSeconds(90);
    private static final Pattern CALLS = Pattern.compile(
            "CALLS ok=(\\d+) failed=(\\d+) wrong=(\\d+) maxMs=(\\d+) runs=(\\d+) doubled=(\\d+) failures=(.*)");
    private static final Pattern COUNTS = Pattern.compile("COUNTS runs=(\\d+) doubled=(\\d+)");

    /** One batch as the client reported it. */
    record Batch(long ok, long failed, long wrong, long maxMs, long runs, long doubled, String line) {
    }

    private LedgerCalls() {
    }

    /** Parses a CALLS line. */
    static Batch parse(String line, ChildJvm client) {
        Matcher m = CALLS.matcher(String.valueOf(line));
        assertTrue(m.matches(), line + "\n" + client.output());
        return new Batch(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)), Long.parseLong(m.group(5)), Long.parseLong(m.group(6)), line);
    }

    /** Sends {@code command} making {@code made} calls; all must answer rightly. Returns the batch. */
    static Batch expectAllAnswered(ChildJvm client, String command, int made, long runsBefore, String test)
            throws InterruptedException, java.io.IOException {
        client.send(command);
        Batch b = check(client.awaitLine("CALLS", WAIT), made, runsBefore, client, test);
        assertEquals(made, b.ok(), "every call answered: " + b.line());
        return b;
    }

    /**
     * Checks a CALLS line of {@code made} calls, the server having run {@code runsBefore} calls before the batch:
     * every call answered with its own number or failed, the server ran each number at most once and ran exactly the
     * answered calls plus at most the failed ones.
     */
    static Batch check(String line, int made, long runsBefore, ChildJvm client, String test) {
        Batch b = parse(line, client);
        System.out.println(test + ": " + line);
        long runs = b.runs() - runsBefore;
        assertEquals(0, b.wrong(), "no call got another call's answer: " + line);
        assertEquals(made, b.ok() + b.failed(), "every call ended: " + line);
        assertEquals(0, b.doubled(), "no call ran twice: " + line);
        assertTrue(runs >= b.ok() && runs <= b.ok() + b.failed(),
                "answered calls ran, failed ones at most once: " + line);
        return b;
    }

    /** The server's counts now: how many calls ran, and how many ran a number twice. */
    static long[] counts(ChildJvm client) throws InterruptedException, java.io.IOException {
        client.send("counts");
        String line = client.awaitLine("COUNTS", WAIT);
        Matcher m = COUNTS.matcher(String.valueOf(line));
        assertTrue(m.matches(), line + "\n" + client.output());
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
    }
}
