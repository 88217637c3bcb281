package org.pgas4j.shmem;

/** One OpenSHMEM conformance check that every PE runs with its own {@link Shmem}. */
@FunctionalInterface
interface ShmemScenario {
    /** Runs this PE's part; throws on any deviation. */
    void run(Shmem shmem) throws Exception;
}
