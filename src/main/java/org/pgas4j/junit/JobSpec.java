package org.pgas4j.junit;

import java.lang.reflect.Method;
import java.util.List;

/**
 * One invocation of a {@code @PgasTest}: which method, on how many PEs, how, for how long.
 *
 * @param testClass the class the PEs instantiate (the test's, which may inherit the method)
 * @param method the test method
 * @param parameters what its parameters receive
 * @param size the number of PEs
 * @param transport how the PEs run
 * @param timeoutSeconds the job's time limit
 * @param properties system properties for the PEs, {@code NAME=VALUE} each
 */
record JobSpec(Class<?> testClass, Method method, PeParameters parameters, int size, PgasTest.Transport transport,
               long timeoutSeconds, List<String> properties) {
    JobSpec {
        properties = List.copyOf(properties);
    }

    /** What JUnit shows for this invocation: {@code [4 PEs]}, {@code [1 PE]}, {@code [3 PEs, shm]}. */
    String displayName() {
        return "[" + size + (size == 1 ? " PE" : " PEs") + (transport == PgasTest.Transport.SHM ? ", shm" : "") + "]";
    }
}
