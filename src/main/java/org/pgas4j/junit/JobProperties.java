package org.pgas4j.junit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.pgas4j.launcher.SystemPropertyScope;

/** The {@link PgasTest#properties()} of a job: parsed, and set in this JVM for an in-JVM job. */
final class JobProperties {
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

    /** Sets {@code entries} as system properties until the scope closes, which restores the previous values. */
    static SystemPropertyScope apply(List<String> entries) {
        return SystemPropertyScope.set(parse(entries));
    }
}
