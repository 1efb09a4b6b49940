package io.mobula.bench.report;

import java.util.List;

/**
 * One part of the page: a suite (or the cross-suite comparison) with its charts, or a note why it has none.
 *
 * @param id          the HTML id, e.g. "suite-rmi"
 * @param heading     the heading
 * @param description what the charts show
 * @param source      the results file(s) the charts come from, or empty
 * @param charts      the charts, possibly none
 * @param note        shown instead of charts when there are none (e.g. "no results for suite rmi ..."), or empty
 * @param table       a table shown before the charts, its first row the header; or empty
 */
public record Section(String id, String heading, String description, String source, List<Chart> charts,
        String note, List<List<String>> table) {

    public Section {
        charts = List.copyOf(charts);
        table = table.stream().map(List::copyOf).toList();
    }

    /** A section without a table. */
    public Section(String id, String heading, String description, String source, List<Chart> charts, String note) {
        this(id, heading, description, source, charts, note, List.of());
    }
}
