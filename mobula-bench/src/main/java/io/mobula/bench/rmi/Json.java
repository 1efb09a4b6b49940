package io.mobula.bench.rmi;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Just enough JSON for flat result lines: one object of string, number, boolean and null values. The bench module
 * keeps no JSON dependency for this.
 */
public final class Json {
    private Json() { }

    /** A flat object writer that keeps insertion order. */
    public static final class Obj {
        /** An empty object. */
        public Obj() {
        }

        private final StringBuilder sb = new StringBuilder("{");

        public Obj put(String key, String value) {
            key(key);
            if (value == null) {
                sb.append("null");
            } else {
                quote(sb, value);
            }
            return this;
        }

        public Obj put(String key, long value) {
            key(key);
            sb.append(value);
            return this;
        }

        public Obj put(String key, boolean value) {
            key(key);
            sb.append(value);
            return this;
        }

        public Obj put(String key, double value) {
            key(key);
            if (Double.isFinite(value)) {
                sb.append(String.format(Locale.ROOT, "%.3f", value));
            } else {
                sb.append("null");
            }
            return this;
        }

        private void key(String key) {
            if (sb.length() > 1) {
                sb.append(',');
            }
            quote(sb, key);
            sb.append(':');
        }

        @Override
        public String toString() {
            return sb + "}";
        }
    }

    /** Appends {@code s} as a JSON string. */
    public static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    /**
     * Parses one flat JSON object. Values come back as String, Double (every number), Boolean or null.
     *
     * @throws IllegalArgumentException on anything else, including nested values
     */
    public static Map<String, Object> parseFlat(String text) {
        Parser p = new Parser(text);
        Map<String, Object> out = new LinkedHashMap<>();
        p.skipWs();
        p.expect('{');
        p.skipWs();
        if (p.peek() == '}') {
            p.pos++;
        } else {
            while (true) {
                p.skipWs();
                String key = p.string();
                p.skipWs();
                p.expect(':');
                p.skipWs();
                out.put(key, p.value());
                p.skipWs();
                char c = p.next();
                if (c == '}') {
                    break;
                }
                if (c != ',') {
                    throw p.error("expected , or }");
                }
            }
        }
        p.skipWs();
        if (p.pos != text.length()) {
            throw p.error("trailing characters");
        }
        return out;
    }

    private static final class Parser {
        private final String s;
        private int pos;

        Parser(String s) {
            this.s = s;
        }

        char peek() {
            if (pos >= s.length()) {
                throw error("unexpected end");
            }
            return s.charAt(pos);
        }

        char next() {
            char c = peek();
            pos++;
            return c;
        }

        void expect(char c) {
            if (next() != c) {
                throw error("expected " + c);
            }
        }

        void skipWs() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }

        Object value() {
            char c = peek();
            if (c == '"') {
                return string();
            }
            if (s.startsWith("null", pos)) {
                pos += 4;
                return null;
            }
            if (s.startsWith("true", pos)) {
                pos += 4;
                return Boolean.TRUE;
            }
            if (s.startsWith("false", pos)) {
                pos += 5;
                return Boolean.FALSE;
            }
            int start = pos;
            while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) {
                pos++;
            }
            if (start == pos) {
                throw error("unexpected value");
            }
            return Double.parseDouble(s.substring(start, pos));
        }

        String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (true) {
                char c = next();
                if (c == '"') {
                    return sb.toString();
                }
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                char e = next();
                switch (e) {
                    case '"', '\\', '/' -> sb.append(e);
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'u' -> {
                        if (pos + 4 > s.length()) {
                            throw error("bad escape");
                        }
                        sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                        pos += 4;
                    }
                    default -> throw error("bad escape");
                }
            }
        }

        IllegalArgumentException error(String what) {
            return new IllegalArgumentException(what + " at " + pos + " in " + s);
        }
    }
}
