package org.pgas4j.internal.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The little JSON the statistics report needs: writing maps, lists, numbers and strings, and reading them back. */
public final class Json {
    private final String s;
    private int i;

    private Json(String s) {
        this.s = s;
    }

    static void write(StringBuilder sb, Object v, int depth) {
        switch (v) {
            case null -> sb.append("null");
            case Map<?, ?> m -> {
                sb.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    sb.append(first ? "\n" : ",\n").append("  ".repeat(depth + 1));
                    string(sb, e.getKey().toString());
                    sb.append(": ");
                    write(sb, e.getValue(), depth + 1);
                    first = false;
                }
                sb.append(first ? "" : "\n" + "  ".repeat(depth)).append('}');
            }
            case List<?> l -> {
                sb.append('[');
                for (int k = 0; k < l.size(); k++) {
                    sb.append(k == 0 ? "" : ", ");
                    write(sb, l.get(k), depth + 1);
                }
                sb.append(']');
            }
            case Double d -> sb.append(d.isNaN() || d.isInfinite() ? "null" : String.format(Locale.ROOT, "%.6g", d));
            case Number n -> sb.append(n);
            case Boolean b -> sb.append(b);
            default -> string(sb, v.toString());
        }
    }

    private static void string(StringBuilder sb, String text) {
        sb.append('"');
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
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
     * Parses JSON into maps, lists, Long or Double numbers, strings, booleans and null.
     *
     * @throws IllegalArgumentException naming the offset of the first error
     */
    public static Object parse(String text) {
        Json p = new Json(text);
        Object v = p.value();
        p.space();
        if (p.i != text.length()) {
            throw p.error("text after the value");
        }
        return v;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException("malformed JSON at offset " + i + ": " + what);
    }

    private void space() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    private Object value() {
        space();
        if (i >= s.length()) {
            throw error("unexpected end");
        }
        char c = s.charAt(i);
        if (c == '{') {
            i++;
            Map<String, Object> m = new LinkedHashMap<>();
            space();
            if (i < s.length() && s.charAt(i) == '}') {
                i++;
                return m;
            }
            while (true) {
                space();
                if (i >= s.length() || s.charAt(i) != '"') {
                    throw error("expected a key");
                }
                String key = str();
                space();
                expect(':');
                m.put(key, value());
                space();
                if (i < s.length() && s.charAt(i) == ',') {
                    i++;
                } else {
                    expect('}');
                    return m;
                }
            }
        }
        if (c == '[') {
            i++;
            List<Object> l = new ArrayList<>();
            space();
            if (i < s.length() && s.charAt(i) == ']') {
                i++;
                return l;
            }
            while (true) {
                l.add(value());
                space();
                if (i < s.length() && s.charAt(i) == ',') {
                    i++;
                } else {
                    expect(']');
                    return l;
                }
            }
        }
        if (c == '"') {
            return str();
        }
        for (String word : List.of("true", "false", "null")) {
            if (s.startsWith(word, i)) {
                i += word.length();
                return word.equals("null") ? null : Boolean.valueOf(word);
            }
        }
        int start = i;
        while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        String num = s.substring(start, i);
        try {
            return num.matches("-?\\d+") ? (Object) Long.valueOf(num) : (Object) Double.valueOf(num);
        } catch (NumberFormatException e) {
            i = start;
            throw error("expected a value");
        }
    }

    private void expect(char c) {
        if (i >= s.length() || s.charAt(i) != c) {
            throw error("expected '" + c + "'");
        }
        i++;
    }

    private String str() {
        i++;
        StringBuilder sb = new StringBuilder();
        while (i < s.length() && s.charAt(i) != '"') {
            char c = s.charAt(i++);
            if (c == '\\' && i < s.length()) {
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'u' -> {
                        if (i + 4 > s.length()) {
                            throw error("bad escape");
                        }
                        sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        i += 4;
                    }
                    default -> sb.append(e);
                }
            } else {
                sb.append(c);
            }
        }
        expect('"');
        return sb.toString();
    }
}
