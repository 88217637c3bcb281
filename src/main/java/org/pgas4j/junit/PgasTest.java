package org.pgas4j.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a JUnit 5 test method as a pgas4j job: every PE of the job calls the method, with its own
 * {@link org.pgas4j.Client}, {@link org.pgas4j.shmem.Shmem}, world {@link org.pgas4j.Team},
 * {@link Rank rank} and {@link PeCount PE count} injected as parameters. The test passes when every
 * PE returns; it fails when any PE throws, naming the PE ({@code PE 2 of 4: expected: <3> but was:
 * <5>}), or when the job runs longer than its timeout, naming the PEs still running.
 *
 * <pre>{@code
 * @PgasTest(pes = {1, 2, 5})
 * void everyPeSeesItsLeftNeighboursValue(Client client, Team world, @Rank int rank, @PeCount int n) {
 *     client.rma().putLong(world, (rank + 1) % n, 0, rank);
 *     world.barrier();
 *     assertEquals((rank + n - 1) % n, client.rma().getLong(world, rank, 0));
 * }
 * }</pre>
 *
 * <p>Each entry of {@link #pes()} is one invocation of the test template, shown as {@code [5 PEs]}
 * ({@code [5 PEs, shm]} over {@link Transport#SHM}). See {@link PgasTestExtension} for the
 * lifecycle: the method body is the PE program, every PE runs it on its own instance of the test
 * class, and JUnit's {@code @BeforeEach} and {@code @AfterEach} run once, outside the job.
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@SuppressWarnings("exports") // JUnit is a static dependency: whoever uses this has it
@TestTemplate
@ExtendWith(PgasTestExtension.class)
public @interface PgasTest {
    /**
     * The JUnit configuration parameter (or system property) that sets the timeout, in seconds, of
     * every {@code @PgasTest} that does not set {@link #timeoutSeconds()}:
     * {@value}. Without it the timeout is {@link #DEFAULT_TIMEOUT_SECONDS}.
     */
    String TIMEOUT_PARAMETER = "pgas4j.junit.timeout";

    /** The timeout of a job when neither the test nor {@link #TIMEOUT_PARAMETER} sets one: {@value} s. */
    long DEFAULT_TIMEOUT_SECONDS = 60;

    /**
     * The numbers of PEs to run the test with: one invocation per entry, each a job of that many
     * PEs. Every entry must be at least 1.
     *
     * @return the PE counts
     */
    int[] pes();

    /**
     * How the PEs run.
     *
     * @return the transport; {@link Transport#LOCAL} unless given
     */
    Transport transport() default Transport.LOCAL;

    /**
     * The longest a job may run, in seconds, before the test fails naming the PEs still running;
     * 0 (the default) takes {@link #TIMEOUT_PARAMETER}, else {@link #DEFAULT_TIMEOUT_SECONDS}.
     * Over {@link Transport#SHM} it includes starting the PE processes.
     *
     * @return the timeout in seconds, or 0
     */
    long timeoutSeconds() default 0;

    /**
     * System properties for the PEs, each {@code NAME=VALUE}: typically pgas4j settings such as
     * {@code "pgas4j.shmem.symmetric.size=4m"}. {@link Transport#LOCAL} sets them in this JVM for
     * the duration of the job (and restores the previous values after); {@link Transport#SHM}
     * passes them to every PE process.
     *
     * @return the properties, {@code NAME=VALUE} each
     */
    String[] properties() default {};

    /** How the PEs of a {@code @PgasTest} run. */
    enum Transport {
        /**
         * Threads of the JUnit JVM over the in-JVM {@code local} transport (as
         * {@code bin/pgas4j run --transport local}): fast to start, debuggable in the IDE; static
         * fields are shared between the PEs.
         */
        LOCAL,
        /**
         * Child JVM processes over shared memory, started through the real launcher (as
         * {@code bin/pgas4j run --transport shm}): each PE process runs the same method of the
         * same class and reports its result back. Only the pgas4j parameters can be injected.
         */
        SHM
    }
}
