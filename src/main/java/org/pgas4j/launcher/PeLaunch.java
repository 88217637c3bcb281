package org.pgas4j.launcher;

import java.util.List;
import java.util.Map;

/**
 * Everything a spawner needs to start one PE.
 *
 * @param rank the PE's rank
 * @param host the host it runs on (as named in {@code --hosts}), or {@code localhost}
 * @param command the PE's JVM command line: the java executable, its options, class path, main
 *        class and program arguments
 * @param environment the variables the PE needs, in order: the job's {@code PGAS4J_*} launch
 *        variables and those forwarded from the launcher's environment; the secret is not among them
 * @param secret the job secret (32 hex digits), which a spawner passes without a command line
 */
record PeLaunch(int rank, String host, List<String> command, Map<String, String> environment, String secret) {
    /** Copies the collections. */
    PeLaunch {
        command = List.copyOf(command);
        environment = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(environment));
    }
}
