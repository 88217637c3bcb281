package org.pgas4j.junit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** The {@link PgasTest#properties()} of a job: parsed, and set in this JVM for an in-JVM job. */
final class JobProperties implements AutoCloseable {
    private final Map<String, String> previous = new LinkedHashMap<>();

    private JobProperties() {
    }

    /**
     * {@code NAME=VALUE} entries as a map, in order.
     *
     * @throws ExtensionConfigurationException for an entry without {@code =} or without a name
     */
    static Map<String, String> parse(List<String> entries) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String e : entries) {
            int eq = e.indexOf('=');
            if (eq <= 0) {
                throw new ExtensionConfigurationException("@PgasTest: properties entry \"" + e
                        + "\" is not NAME=VALUE");
            }
            map.put(e.substring(0, eq), e.substring(eq + 1));
        }
        return map;
    }

    /** Sets {@code entries} as system properties until {@link #close()}, which restores the previous values. */
    static JobProperties apply(List<String> entries) {
        JobProperties p = new JobProperties();
        parse(entries).forEach((name, value) -> {
            p.previous.putIfAbsent(name, System.getProperty(name));
            System.setProperty(name, value);
        });
        return p;
    }

    @Override
    public void close() {
        previous.forEach((name, value) -> {
            if (value == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, value);
            }
        });
    }
}
