package org.pgas4j.launcher;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The system properties a {@code run} command line defines among its JVM options ({@code -D...}
 * given directly or through {@code --jvm-arg}). Every PE's JVM gets them as written. The
 * {@code pgas4j.*} ones are also settings of the launcher itself (the transport, the spawner, the
 * ssh client, the shared-memory directory ...): the launcher sets them in its own JVM for the
 * length of the job, so that {@code pgas4j run -Dpgas4j.transport=local ...} means the same as
 * {@code pgas4j -Dpgas4j.transport=local run ...}.
 */
final class RunProperties {
    /** The prefix of pgas4j's settings. */
    static final String PREFIX = "pgas4j.";

    private RunProperties() {
    }

    /**
     * The properties that {@code jvmArgs} define, in order of first definition, each with the
     * value of its last one ({@code -Dname} alone defines the empty string, as for {@code java}).
     */
    static Map<String, String> definitions(List<String> jvmArgs) {
        Map<String, String> defined = new LinkedHashMap<>();
        for (String arg : jvmArgs) {
            if (arg.startsWith("-D") && arg.length() > 2) {
                int eq = arg.indexOf('=');
                defined.put(eq < 0 ? arg.substring(2) : arg.substring(2, eq), eq < 0 ? "" : arg.substring(eq + 1));
            }
        }
        return defined;
    }

    /**
     * Sets the {@code pgas4j.*} properties that {@code jvmArgs} define in the launcher's JVM.
     *
     * @return what puts the launcher's own values back when closed
     */
    static SystemPropertyScope applyToLauncher(List<String> jvmArgs) {
        Map<String, String> settings = new LinkedHashMap<>();
        definitions(jvmArgs).forEach((name, value) -> {
            if (name.startsWith(PREFIX)) {
                settings.put(name, value);
            }
        });
        return SystemPropertyScope.set(settings);
    }
}
