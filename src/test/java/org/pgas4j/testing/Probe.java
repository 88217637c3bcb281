package org.pgas4j.testing;

/**
 * One check of the dependency list: {@code kind:argument}.
 *
 * @param kind what is checked
 * @param argument the command, file, library or user name
 */
public record Probe(Kind kind, String argument) {
    /** The kinds of check, each spelt in the list as its lower-case name. */
    public enum Kind {
        /** An executable of that name on PATH. */
        COMMAND,
        /** A readable file at that absolute path. */
        FILE,
        /** A shared library the dynamic loader finds, or one in pgas4j.library.path when set. */
        LIBRARY,
        /** The tests run as that user. */
        USER
    }

    /**
     * Parses {@code kind:argument}.
     *
     * @throws IllegalArgumentException naming the text when the kind is unknown or the argument empty
     */
    public static Probe parse(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("probe '" + text + "' is not kind:argument");
        }
        String kind = text.substring(0, colon);
        for (Kind k : Kind.values()) {
            if (k.name().toLowerCase(java.util.Locale.ROOT).equals(kind)) {
                return new Probe(k, text.substring(colon + 1));
            }
        }
        throw new IllegalArgumentException("probe '" + text + "' has unknown kind '" + kind
                + "' (command, file, library or user)");
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase(java.util.Locale.ROOT) + ":" + argument;
    }
}
