package org.pgas4j.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A strict reader of the JSON subset the benchmarks write (objects, strings as keys, numbers),
 * for tests: anything else, or trailing text, is an error.
 */
final class MiniJson {
    private final String text;
    private int pos;

    private MiniJson(String text) {
        this.text = text;
    }

    /** Parses a document whose top level is an object; nested objects become maps, numbers doubles. */
    static Map<String, Object> parseObject(String text) {
        MiniJson p = new MiniJson(text);
        Map<String, Object> m = p.object();
        p.skipSpace();
        if (p.pos != text.length()) {
            throw p.error("trailing text");
        }
        return m;
    }

    private Map<String, Object> object() {
        expect('{');
        Map<String, Object> m = new LinkedHashMap<>();
        skipSpace();
        if (peek() == '}') {
            pos++;
            return m;
        }
        while (true) {
            skipSpace();
            String key = string();
            skipSpace();
            expect(':');
            skipSpace();
            if (m.put(key, value()) != null) {
                throw error("duplicate key " + key);
            }
            skipSpace();
            char c = text.charAt(pos++);
            if (c == '}') {
                return m;
            }
            if (c != ',') {
                throw error("expected , or }");
            }
        }
    }

    private Object value() {
        return switch (peek()) {
            case '{' -> object();
            case '"' -> string();
            default -> number();
        };
    }

    private double number() {
        int start = pos;
        while (pos < text.length() && "+-0123456789.eE".indexOf(text.charAt(pos)) >= 0) {
            pos++;
        }
        if (start == pos) {
            throw error("expected a number or an object");
        }
        return Double.parseDouble(text.substring(start, pos));
    }

    private String string() {
        expect('"');
        int start = pos;
        while (text.charAt(pos) != '"') {
            if (text.charAt(pos) == '\\') {
                throw error("escapes are not expected in these documents");
            }
            pos++;
        }
        return text.substring(start, pos++);
    }

    private void expect(char c) {
        if (pos >= text.length() || text.charAt(pos) != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private char peek() {
        if (pos >= text.length()) {
            throw error("unexpected end");
        }
        return text.charAt(pos);
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at offset " + pos + " of: " + text);
    }
}
