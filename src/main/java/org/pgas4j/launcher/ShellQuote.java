package org.pgas4j.launcher;

import java.util.List;
import java.util.StringJoiner;

/** POSIX shell quoting, for the command line a remote login shell runs (ssh joins its words with spaces). */
final class ShellQuote {
    private ShellQuote() {
    }

    /** {@code word} as one shell word: unchanged when it is plainly safe, else in single quotes. */
    static String quote(String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9_@%+=:,./-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** The words quoted and joined with spaces. */
    static String join(List<String> words) {
        StringJoiner j = new StringJoiner(" ");
        for (String w : words) {
            j.add(quote(w));
        }
        return j.toString();
    }
}
