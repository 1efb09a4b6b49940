package io.mobula.bench.report;

import java.util.List;

/** Turns one suite's results file into its charts. */
public interface SuiteCharts {

    /** The suite this builder reads. */
    String suite();

    /** One line saying what the suite measures, for the page. */
    String description();

    /** The charts of {@code file}; empty when it holds no measurement (e.g. every case failed). */
    List<Chart> charts(ResultFile file);
}
