package io.mobula.processor;

/** Indents generated Java source by braces, four spaces a level, so generated code reads like written code. */
final class SourceWriter {
    /** Generated lines wrap here, as the project's own code. */
    static final int WIDTH = 120;

    private final StringBuilder out = new StringBuilder();
    private int depth;

    /** Writes one line at the current indentation; an empty string gives an empty line. */
    SourceWriter line(String text) {
        if (!text.isEmpty()) {
            out.append("    ".repeat(depth)).append(text);
        }
        out.append('\n');
        return this;
    }

    /** Writes {@code header + " {"} and indents what follows. */
    SourceWriter open(String header) {
        line(header + " {");
        depth++;
        return this;
    }

    /** Outdents and closes a block opened with {@link #open}; {@code suffix} goes after the brace. */
    SourceWriter close(String suffix) {
        depth--;
        return line("}" + suffix);
    }

    SourceWriter close() {
        return close("");
    }

    /** {@code "} " + header + " {"}, as in {@code } catch (E e) {}. */
    SourceWriter closeOpen(String header) {
        depth--;
        return open("} " + header);
    }

    /**
     * Writes a javadoc comment, on one line if it fits in {@value #WIDTH} columns, else as a block with the text
     * wrapped at word boundaries (an inline tag longer than a line gets a longer line).
     */
    SourceWriter javadoc(String text) {
        String indent = "    ".repeat(depth);
        if (indent.length() + text.length() + 7 <= WIDTH) {
            return line("/** " + text + " */");
        }
        line("/**");
        StringBuilder current = new StringBuilder(" *");
        for (String word : words(text)) {
            if (current.length() > 2 && indent.length() + current.length() + 1 + word.length() > WIDTH) {
                line(current.toString());
                current.setLength(2);
            }
            current.append(' ').append(word);
        }
        line(current.toString());
        return line(" */");
    }

    /** The words of a comment; an inline tag such as a {@code @code} tag is one word, never broken. */
    private static java.util.List<String> words(String text) {
        java.util.List<String> words = new java.util.ArrayList<>();
        StringBuilder word = new StringBuilder();
        int braces = 0;
        for (char c : text.toCharArray()) {
            if (c == ' ' && braces == 0) {
                words.add(word.toString());
                word.setLength(0);
                continue;
            }
            braces += c == '{' ? 1 : c == '}' && braces > 0 ? -1 : 0;
            word.append(c);
        }
        words.add(word.toString());
        return words;
    }

    /** Indents what follows without a brace, as the statements of a {@code case} label. */
    SourceWriter depthIn() {
        depth++;
        return this;
    }

    /** Ends a {@link #depthIn}. */
    SourceWriter depthOut() {
        depth--;
        return this;
    }

    /** Starts at an indentation, for a body that is later pasted into an enclosing block with {@link #raw}. */
    SourceWriter depth(int levels) {
        depth = levels;
        return this;
    }

    /** Appends already indented lines. */
    SourceWriter raw(String lines) {
        out.append(lines);
        return this;
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
