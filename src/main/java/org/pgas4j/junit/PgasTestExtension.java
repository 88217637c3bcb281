package org.pgas4j.junit;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The JUnit 5 extension behind {@link PgasTest}, registered by the annotation: one invocation of
 * the test template per entry of {@link PgasTest#pes()}, each run as a pgas4j job.
 *
 * <p><b>Lifecycle.</b> The method body is the PE program; everything else about the test is
 * JUnit's and runs once, in the JUnit thread, outside the job:
 * <ul>
 *   <li>JUnit creates its test instance and runs {@code @BeforeEach} on it, then this extension
 *       runs the job, then JUnit runs {@code @AfterEach}. Those methods prepare and check what the
 *       harness needs (files, expected values in static fields, ...); they are not PEs and cannot
 *       use a client.</li>
 *   <li>Every PE calls the method on an instance of its own, made with the test class's
 *       constructor without parameters (for a {@code @Nested} class, of a new enclosing instance
 *       too), as a PE process would: instance fields are per PE, so state one PE sets in a field
 *       is never seen by another, on either transport. Fields that JUnit or {@code @BeforeEach}
 *       set on JUnit's own instance are not seen by the PEs.</li>
 *   <li>Static fields are shared by the PEs of a {@link PgasTest.Transport#LOCAL} job (threads of
 *       one JVM) and per PE over {@link PgasTest.Transport#SHM} (processes).</li>
 *   <li>Over {@link PgasTest.Transport#LOCAL}, parameters that are not pgas4j's (a
 *       {@code TestInfo}, a {@code @TempDir Path}) are resolved once by JUnit and the same value
 *       is given to every PE; over {@link PgasTest.Transport#SHM} they are refused.</li>
 * </ul>
 *
 * <p><b>Per PE</b>, before the method: the instance is made, then a {@code Shmem} is opened when a
 * parameter is one (its client is the {@code Client} parameter, if any), else a {@code Client} when
 * a parameter is a client or a team; after the method returns, it is closed (collectively, as the
 * program would). A PE that throws leaves it open: closing is collective and would meet the other
 * PEs' barrier instead of failing it; the job is marked failing instead, the other PEs' waits throw,
 * and the failed PE's client is released after the job.
 *
 * <p><b>Timeout.</b> {@link PgasTest#timeoutSeconds()}, else the configuration parameter
 * {@value PgasTest#TIMEOUT_PARAMETER}, else {@value PgasTest#DEFAULT_TIMEOUT_SECONDS} s. At the
 * timeout the job is failed, which ends every wait in pgas4j; PE threads are also interrupted (a
 * {@code sleep} ends). A thread that ignores both (a busy loop) cannot be stopped in Java; it is
 * named in the failure and left as a daemon thread. PE processes are stopped by the launcher and
 * killed if they do not stop.
 */
@SuppressWarnings("exports") // JUnit is a static dependency: whoever uses this has it
public final class PgasTestExtension implements TestTemplateInvocationContextProvider {

    /** Made by JUnit, for {@link PgasTest}. */
    public PgasTestExtension() {
    }

    /**
     * Whether {@code context}'s method is annotated with {@link PgasTest}.
     *
     * @param context the test template's context
     * @return whether this extension runs it
     */
    @Override
    public boolean supportsTestTemplate(ExtensionContext context) {
        return context.getTestMethod().map(m -> AnnotationSupport.isAnnotated(m, PgasTest.class)).orElse(false);
    }

    /**
     * One invocation per entry of {@link PgasTest#pes()}.
     *
     * @param context the test template's context
     * @return the invocations
     * @throws ExtensionConfigurationException for an empty or non-positive PE count, a bad
     *         timeout or property, or a misused parameter annotation
     */
    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        PgasTest test = AnnotationSupport.findAnnotation(method, PgasTest.class).orElseThrow();
        int[] pes = test.pes();
        if (pes.length == 0 || Arrays.stream(pes).anyMatch(n -> n < 1)) {
            throw new ExtensionConfigurationException("@PgasTest(pes = " + Arrays.toString(pes) + ") on " + method.getName()
                    + ": give one or more PE counts, each at least 1");
        }
        PeParameters parameters = PeParameters.of(method);
        List<String> properties = List.of(test.properties());
        JobProperties.parse(properties);
        long timeout = timeoutSeconds(test, context);
        Class<?> testClass = context.getRequiredTestClass();
        return Arrays.stream(pes).mapToObj(n -> new PgasInvocation(
                new JobSpec(testClass, method, parameters, n, test.transport(), timeout, properties)));
    }

    private static long timeoutSeconds(PgasTest test, ExtensionContext context) {
        if (test.timeoutSeconds() < 0) {
            throw new ExtensionConfigurationException("@PgasTest: timeoutSeconds is negative: " + test.timeoutSeconds());
        }
        if (test.timeoutSeconds() > 0) {
            return test.timeoutSeconds();
        }
        return context.getConfigurationParameter(PgasTest.TIMEOUT_PARAMETER).map(v -> {
            try {
                long s = Long.parseLong(v.trim());
                if (s > 0) {
                    return s;
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
            throw new ExtensionConfigurationException(PgasTest.TIMEOUT_PARAMETER + " is \"" + v
                    + "\"; give a number of seconds above 0");
        }).orElse(PgasTest.DEFAULT_TIMEOUT_SECONDS);
    }
}
