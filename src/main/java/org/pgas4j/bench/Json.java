package org.pgas4j.bench;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;

/**
 * Writes the small JSON documents of the benchmarks: objects whose values are numbers or nested
 * objects, keys in the maps' iteration order, two-space indentation. Numbers keep
 * {@link #SIGNIFICANT_DIGITS} significant digits and are written without an exponent.
 */
final class Json {
    /** Significant digits of every number written. */
    static final int SIGNIFICANT_DIGITS = 7;

    private Json() {
    }

    /**
     * The document of {@code object}, ending with a line feed.
     *
     * @throws IllegalArgumentException for a value that is neither a finite number nor a map
     */
    static String write(Map<String, ?> object) {
        StringBuilder sb = new StringBuilder();
        writeObject(sb, object, 0);
        return sb.append('\n').toString();
    }

    private static void writeObject(StringBuilder sb, Map<String, ?> object, int depth) {
        if (object.isEmpty()) {
            sb.append("{}");
            return;
        }
        sb.append("{\n");
        int i = 0;
        for (Map.Entry<String, ?> e : object.entrySet()) {
            indent(sb, depth + 1);
            string(sb, e.getKey());
            sb.append(": ");
            value(sb, e.getKey(), e.getValue(), depth + 1);
            sb.append(++i < object.size() ? ",\n" : "\n");
        }
        indent(sb, depth);
        sb.append('}');
    }

    private static void value(StringBuilder sb, String key, Object value, int depth) {
        switch (value) {
            case Number n -> sb.append(number(n.doubleValue(), key));
            case String text -> string(sb, text);
            case Map<?, ?> m -> {
                for (Object k : m.keySet()) {
                    if (!(k instanceof String)) {
                        throw new IllegalArgumentException("JSON key " + k + " under '" + key + "' is not a string");
                    }
                }
                @SuppressWarnings("unchecked")
                Map<String, ?> object = (Map<String, ?>) m;
                writeObject(sb, object, depth);
            }
            case null, default -> throw new IllegalArgumentException("JSON value of '" + key + "' is " + value
                    + "; only numbers, strings and objects are written");
        }
    }

    /**
     * A finite number as JSON text, rounded to {@link #SIGNIFICANT_DIGITS} significant digits.
     *
     * @param key the key it belongs to, for the message of a non-finite value
     */
    static String number(double v, String key) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("JSON value of '" + key + "' is " + v + ", which JSON cannot represent");
        }
        if (v == 0) {
            return "0";
        }
        return new BigDecimal(v).round(new MathContext(SIGNIFICANT_DIGITS)).stripTrailingZeros().toPlainString();
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    private static void indent(StringBuilder sb, int depth) {
        sb.append("  ".repeat(depth));
    }
}
