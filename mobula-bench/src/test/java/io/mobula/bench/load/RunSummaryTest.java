package io.mobula.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The comparison of the server's counts with the clients' catches a lost call, a duplicate and a lost callback. */
class RunSummaryTest {

    private static Map<String, Object> counts(long each) {
        Map<String, Object> m = new HashMap<>();
        for (Op op : Op.values()) {
            m.put("op_" + op.id(), (double) each);
        }
        return m;
    }

    private static Map<String, Object> client(long each, long callbacks) {
        Map<String, Object> m = counts(each);
        m.put("errors", 0.0);
        m.put("callbacks", (double) callbacks);
        m.put("first_errors", "");
        m.put("transport", "shm");
        LatencyHistogram h = new LatencyHistogram();
        h.record(1000);
        m.put("hist", h.encode());
        return m;
    }

    private static Map<String, Object> server(long each, long outOfOrder) {
        Map<String, Object> m = counts(each);
        m.put("out_of_order", (double) outOfOrder);
        m.put("callback_failures", 0.0);
        return m;
    }

    private static RunSummary summary(Map<String, Object> server, List<Map<String, Object>> clients) {
        return new RunSummary(new LoadHarness.Outcome(clients, Map.of(), server, 1.0, Map.of()));
    }

    @Test
    void agreeingCountsHaveNoMismatch() {
        RunSummary s = summary(server(10, 0), List.of(client(4, 4), client(6, 6)));
        assertEquals(List.of(), s.mismatches());
        assertEquals(10L * Op.values().length, s.clientTotal());
        assertEquals(s.serverTotal(), s.clientTotal());
        assertEquals(2, s.latencies.count());
    }

    @Test
    void aLostCallADuplicateAndALostCallbackAreEachReported() {
        Map<String, Object> server = server(10, 1);
        server.put("op_shift", 9.0); // a call the clients completed that the server never ran
        server.put("op_ticket_value", 11.0); // a call run twice
        List<String> m = summary(server, List.of(client(4, 4), client(6, 5))).mismatches();
        assertEquals(4, m.size(), m.toString());
        assertTrue(m.get(0).startsWith("shift: clients completed 10, server ran 9"), m.toString());
        assertTrue(m.get(1).startsWith("ticket_value: clients completed 10, server ran 11"), m.toString());
        assertTrue(m.get(2).startsWith("callbacks: server made 10, clients received 9"), m.toString());
        assertTrue(m.get(3).contains("out of their thread's sequence"), m.toString());
    }

    @Test
    void aProcessThatWroteToStderrIsReportedWithWhatItWrote() {
        Map<String, io.mobula.bench.rmi.ChildProcess.StderrSummary> stderr = new java.util.LinkedHashMap<>();
        stderr.put("server", new io.mobula.bench.rmi.ChildProcess.StderrSummary(0, List.of()));
        stderr.put("client-1", new io.mobula.bench.rmi.ChildProcess.StderrSummary(2,
                List.of("WARNING: closing connection to tcp://127.0.0.1:1: why", "at the end")));
        List<String> m = new RunSummary(new LoadHarness.Outcome(List.of(client(4, 4), client(6, 6)), Map.of(),
                server(10, 0), 1.0, stderr)).mismatches();
        assertEquals(1, m.size(), m.toString());
        assertTrue(m.get(0).startsWith("client-1 wrote 2 lines to stderr"), m.toString());
        assertTrue(m.get(0).contains("closing connection to tcp://127.0.0.1:1: why | at the end"), m.toString());
    }
}
