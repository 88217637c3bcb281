/**
 * {@link org.pgas4j.junit.PgasTest @PgasTest}: JUnit 5 tests whose body runs as every PE of a
 * pgas4j job, in-JVM threads or processes over shared memory started through the real launcher,
 * with the PE's {@code Client}, {@code Shmem}, world {@code Team}, {@link org.pgas4j.junit.Rank
 * rank} and {@link org.pgas4j.junit.PeCount PE count} injected, failures named by PE, a timeout
 * that names the PEs still running, and one invocation per PE count.
 *
 * <pre>{@code
 * @PgasTest(pes = {1, 2, 5})
 * void ring(Client client, Team world, @Rank int rank, @PeCount int n) {
 *     client.rma().putLong(world, (rank + 1) % n, 0, rank);
 *     world.barrier();
 *     assertEquals((rank + n - 1) % n, client.rma().getLong(world, rank, 0));
 * }
 * }</pre>
 *
 * <p><b>Why this package is in the runtime's jar.</b> Testing PGAS code means starting jobs, and
 * how a job starts (the in-JVM transport, the launcher, how a PE learns its rank) is the runtime's
 * business and changes with it; shipped in the same artifact, the extension always matches the
 * runtime it tests: one version, one jar, nothing to keep in step. JUnit stays out of programs
 * that only use the runtime: {@code junit-jupiter-api} is an <em>optional</em> dependency of
 * pgas4j (Maven does not pass it on) and the module reads it with {@code requires static}, so
 * only a project that tests with JUnit 5, and so has it already, loads these classes. Nothing
 * else in pgas4j refers to this package.
 *
 * <p>The guide is {@code docs/testing-pgas-code.md}; {@link org.pgas4j.junit.PgasTestExtension}
 * documents the lifecycle, {@link org.pgas4j.junit.PeFailedError} and
 * {@link org.pgas4j.junit.PeTimeoutError} what a failure looks like.
 */
package org.pgas4j.junit;
