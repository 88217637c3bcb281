package org.pgas4j.junit;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;

/** Runs the test method as one PE: its own test instance, its own client, the method, the close. */
final class PeBody {
    private final Class<?> testClass;
    private final Method method;
    private final PeParameters parameters;

    PeBody(Class<?> testClass, Method method, PeParameters parameters) {
        this.testClass = testClass;
        this.method = method;
        this.parameters = parameters;
        method.setAccessible(true);
    }

    /**
     * Runs PE {@code rank} of {@code size}, telling {@code progress} each phase; returns when the
     * method returned and the client closed, else throws what failed (a failure of the method
     * itself, not its reflective wrapper). {@code fromJUnit}: the arguments JUnit resolved, for
     * parameters that are not pgas4j's (empty: none).
     */
    void run(int rank, int size, List<Object> fromJUnit, PeProgress progress) throws Throwable {
        progress.entered(rank, Phase.STARTING);
        Object instance = TestInstances.create(testClass);
        PeResources resources = PeResources.open(parameters);
        boolean closed = false;
        try {
            Object[] args = resources.arguments(parameters, rank, size, fromJUnit);
            progress.entered(rank, Phase.IN_METHOD);
            invoke(instance, args);
            progress.entered(rank, Phase.CLOSING);
            resources.close();
            closed = true;
        } finally {
            if (!closed) {
                // A failed PE must not close now: close is collective and would meet the others'
                // barrier instead of failing it. It is released once the job is failing.
                progress.leftOpen(rank, resources);
            }
        }
    }

    private void invoke(Object instance, Object[] args) throws Throwable {
        try {
            method.invoke(instance, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
