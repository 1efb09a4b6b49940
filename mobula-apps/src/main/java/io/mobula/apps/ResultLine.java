package io.mobula.apps;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one machine-readable line every kernel run prints:
 * {@code RESULT {"kernel":"asp","version":"rmi","np":2,"size":"600","seconds":1.23,"seqSeconds":2.0,
 * "verified":true,"checksum":"..."}}. {@code seconds} is the parallel phase (or the whole sequential algorithm);
 * {@code seqSeconds} the sequential algorithm run on rank 0 to check the result (the run's own time for {@code seq}).
 *
 * @param kernel the kernel's name
 * @param version {@code seq}, {@code naive-rmi}, {@code rmi}, {@code repmi} or {@code gmi}
 * @param np the number of ranks
 * @param size the size argument, as given or as the preset's numbers
 * @param seconds the time of the parallel phase
 * @param seqSeconds the time of the sequential algorithm on rank 0
 * @param verified whether the result matched the sequential one
 * @param checksum a fingerprint of the result
 */
public record ResultLine(String kernel, String version, int np, String size, double seconds, double seqSeconds,
                         boolean verified, String checksum) {
    /** What starts the line; {@code mobula run} puts {@code [rank] } before it. */
    public static final String PREFIX = "RESULT ";

    private static final Pattern LINE = Pattern.compile("RESULT \\{\"kernel\":\"([^\"]*)\",\"version\":\"([^\"]*)\","
            + "\"np\":(\\d+),\"size\":\"([^\"]*)\",\"seconds\":([0-9.eE+-]+),\"seqSeconds\":([0-9.eE+-]+),"
            + "\"verified\":(true|false),\"checksum\":\"([^\"]*)\"\\}");

    /** The line, without a line end. */
    public String format() {
        return String.format(Locale.ROOT, "%s{\"kernel\":\"%s\",\"version\":\"%s\",\"np\":%d,\"size\":\"%s\","
                        + "\"seconds\":%.6f,\"seqSeconds\":%.6f,\"verified\":%b,\"checksum\":\"%s\"}", PREFIX, kernel,
                version, np, size, seconds, seqSeconds, verified, checksum);
    }

    /** The result line inside {@code line} (which may carry a rank prefix), if it holds one. */
    public static Optional<ResultLine> find(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(new ResultLine(m.group(1), m.group(2), Integer.parseInt(m.group(3)), m.group(4),
                Double.parseDouble(m.group(5)), Double.parseDouble(m.group(6)), Boolean.parseBoolean(m.group(7)),
                m.group(8)));
    }
}
