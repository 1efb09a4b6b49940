package io.mobula.bench.rmi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The results of one run, indexed by case id and system name. */
final class ResultTable {
    private final Map<String, Map<String, CaseResult>> byCase = new LinkedHashMap<>();

    ResultTable(List<CaseResult> results) {
        for (CaseResult r : results) {
            byCase.computeIfAbsent(r.benchCase().id(), k -> new LinkedHashMap<>()).put(r.system(), r);
        }
    }

    /** The successful result of a system for a case. */
    Optional<CaseResult> get(String caseId, String system) {
        Map<String, CaseResult> m = byCase.get(caseId);
        CaseResult r = m == null ? null : m.get(system);
        return r != null && r.ok() ? Optional.of(r) : Optional.empty();
    }

    Optional<CaseResult> get(BenchCase c, String system) {
        return get(c.id(), system);
    }

    Map<String, CaseResult> forCase(String caseId) {
        return byCase.getOrDefault(caseId, Map.of());
    }

    /** The transport a system's results went over ({@code "tcp"}, {@code "shm"}, ...), or "" if it has none. */
    String transportOf(String system) {
        for (Map<String, CaseResult> m : byCase.values()) {
            CaseResult r = m.get(system);
            if (r != null && r.transport() != null) {
                return r.transport();
            }
        }
        return "";
    }

    boolean hasSystem(String system) {
        return byCase.values().stream().anyMatch(m -> m.containsKey(system) && m.get(system).ok());
    }
}
