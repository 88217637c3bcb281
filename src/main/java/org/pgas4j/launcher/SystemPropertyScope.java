package org.pgas4j.launcher;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * System properties set for a while in this JVM: {@link #set} sets them and remembers the values
 * they replace, {@link #close()} puts those back (clearing the ones that had none). For the
 * launcher's {@code -Dpgas4j.*} settings given after {@code run}, and for the properties of an
 * in-JVM {@code @PgasTest} job.
 */
public final class SystemPropertyScope implements AutoCloseable {
    private final Map<String, String> previous = new LinkedHashMap<>();

    private SystemPropertyScope() {
    }

    /** Sets every property of {@code values}, in order, until {@link #close()}. */
    public static SystemPropertyScope set(Map<String, String> values) {
        SystemPropertyScope scope = new SystemPropertyScope();
        values.forEach((name, value) -> {
            scope.previous.putIfAbsent(name, System.getProperty(name));
            System.setProperty(name, value);
        });
        return scope;
    }

    /** Puts back the values the properties had before {@link #set}. */
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
