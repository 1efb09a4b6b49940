package io.mobula.bench.report;

import java.util.List;
import java.util.Map;

/**
 * Writes the report page: well-formed XHTML (it parses as XML) with every chart inline as SVG, a link to its PNG
 * and its caption. It references nothing outside the report directory, so it works offline.
 */
final class HtmlPage {
    private static final String STYLE = """
            body { font-family: 'DejaVu Sans', Arial, sans-serif; margin: 1.5em auto; max-width: 920px; color: #222; }
            h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
            figure { margin: 1.5em 0; } figcaption { font-size: 0.85em; color: #444; }
            svg { max-width: 100%; height: auto; border: 1px solid #eee; }
            .note { background: #fff6e0; padding: 0.5em 0.8em; border-left: 4px solid #e0a000; }
            .source { font-size: 0.85em; color: #555; }
            table { border-collapse: collapse; margin: 1em 0; } th, td { padding: 0.25em 0.7em; text-align: left; }
            th { border-bottom: 2px solid #999; } td { border-bottom: 1px solid #ddd; } td.num { text-align: right; }
            """;

    private HtmlPage() {
    }

    /**
     * The page for {@code sections}; {@code svgs} maps chart ids to their SVG elements, {@code generated} is when
     * the report was made and {@code resultsDir} where the results came from.
     */
    static String render(List<Section> sections, Map<String, String> svgs, String generated, String resultsDir) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
                .append("<meta charset=\"UTF-8\"/>\n<title>Mobula benchmark report</title>\n<style>\n").append(STYLE)
                .append("</style>\n</head>\n<body>\n<h1>Mobula benchmark report</h1>\n");
        sb.append("<p>Generated ").append(Html.escape(generated)).append(" from the latest results of each suite in ")
                .append("<code>").append(Html.escape(resultsDir)).append("</code>. Every chart says the machine, date"
                        + " and load it was measured under; numbers from different runs or machines compare only as"
                        + " ratios.</p>\n<ul>\n");
        for (Section s : sections) {
            sb.append("<li><a href=\"#").append(s.id()).append("\">").append(Html.escape(s.heading())).append("</a>")
                    .append(s.charts().isEmpty() ? " (no charts)" : " (" + s.charts().size() + ")").append("</li>\n");
        }
        sb.append("</ul>\n");
        for (Section s : sections) {
            sb.append("<section id=\"").append(s.id()).append("\">\n<h2>").append(Html.escape(s.heading()))
                    .append("</h2>\n<p>").append(Html.escape(s.description())).append("</p>\n");
            if (!s.source().isEmpty()) {
                sb.append("<p class=\"source\">Results: <code>").append(Html.escape(s.source()))
                        .append("</code></p>\n");
            }
            if (!s.note().isEmpty()) {
                sb.append("<p class=\"note\">").append(Html.escape(s.note())).append("</p>\n");
            }
            if (!s.table().isEmpty()) {
                table(sb, s.table());
            }
            for (Chart c : s.charts()) {
                sb.append("<figure id=\"fig-").append(c.id()).append("\">\n").append(svgs.get(c.id())).append('\n')
                        .append("<figcaption><strong>").append(Html.escape(c.title())).append("</strong>. ")
                        .append(Html.escape(c.caption())).append(". <a href=\"").append(c.id())
                        .append(".png\">PNG</a></figcaption>\n</figure>\n");
            }
            sb.append("</section>\n");
        }
        sb.append("</body>\n</html>\n");
        return sb.toString();
    }

    /** A table; its first row is the header; cells that are numbers are right-aligned. */
    private static void table(StringBuilder sb, List<List<String>> rows) {
        sb.append("<table>\n<tr>");
        rows.get(0).forEach(h -> sb.append("<th>").append(Html.escape(h)).append("</th>"));
        sb.append("</tr>\n");
        for (List<String> row : rows.subList(1, rows.size())) {
            sb.append("<tr>");
            for (String cell : row) {
                sb.append(cell.matches("[0-9.]+") ? "<td class=\"num\">" : "<td>").append(Html.escape(cell))
                        .append("</td>");
            }
            sb.append("</tr>\n");
        }
        sb.append("</table>\n");
    }
}
