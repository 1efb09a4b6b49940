/**
 * {@code mobula report}: charts of the latest results of every benchmark suite in one offline HTML page, plus one PNG
 * per chart.
 *
 * <p>Input: {@link io.mobula.bench.report.LatestResults} picks each suite's newest
 * {@code <suite>-<yyyyMMdd-HHmmss>.jsonl}; {@link io.mobula.bench.report.ResultFile} reads it strictly (a malformed
 * line is an error naming file and line). Charts: one {@link io.mobula.bench.report.SuiteCharts} per suite
 * ({@code SerialCharts}, {@code RmiCharts}, {@code GmiCharts}, {@code RepmiCharts}, {@code AppsCharts}) plus
 * {@code ComparisonCharts} turn lines into {@link io.mobula.bench.report.Chart} models, each captioned by
 * {@link io.mobula.bench.report.RunCaption} with machine, date and load; {@code ComparisonCharts} also makes the
 * page's first section, the table of headline comparisons. A directory in which no suite has a file is an error.
 * Output: {@link io.mobula.bench.report.ChartPainter} lays a chart out on a {@link io.mobula.bench.report.Canvas}, which
 * is {@link io.mobula.bench.report.SvgCanvas} for the page and {@link io.mobula.bench.report.ImageCanvas} (Java2D,
 * headless) for the PNG files, so both show the same chart, in the colours and line widths of {@code Palette} (one
 * colour per system in every chart, Mobula drawn to stand out); {@link io.mobula.bench.report.ReportWriter} writes
 * them and the page; {@link io.mobula.bench.report.ReportMain} is the command line.
 */
package io.mobula.bench.report;
