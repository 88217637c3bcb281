package org.pgas4j;

import java.util.Map;
import java.util.function.Function;

/**
 * One configuration setting: a system property, the environment variable that may also set it, a
 * default and a line of documentation. Read once, validated when read.
 *
 * @param <T> the setting's value type
 * @param property the system property name, for example {@code pgas4j.segment.size}
 * @param environment the environment variable name, for example {@code PGAS4J_SEGMENT_SIZE}
 * @param defaultText the default, as text in the setting's syntax
 * @param doc one line saying what the setting does
 * @param parser turns text into a value, throwing {@link IllegalArgumentException} on bad text
 */
public record Setting<T>(String property, String environment, String defaultText, String doc,
                         Function<String, T> parser) {

    /**
     * The setting's value: the system property if set, else the environment variable, else the
     * default.
     *
     * @throws BadArgumentException naming the property and the text when the text is invalid
     */
    public T value() {
        return valueFrom(System.getProperties()::getProperty, System.getenv());
    }

    /** The raw text in force (property, then environment, then default). */
    public String text() {
        String p = System.getProperty(property);
        if (p != null) {
            return p;
        }
        String e = System.getenv(environment);
        return e != null ? e : defaultText;
    }

    T valueFrom(Function<String, String> properties, Map<String, String> env) {
        String text = properties.apply(property);
        String source = "system property " + property;
        if (text == null) {
            text = env.get(environment);
            source = "environment variable " + environment;
        }
        if (text == null) {
            text = defaultText;
            source = "default of " + property;
        }
        try {
            return parser.apply(text.trim());
        } catch (IllegalArgumentException e) {
            throw new BadArgumentException(source + " has invalid value '" + text + "': " + e.getMessage());
        }
    }
}
