package org.pgas4j.mpi;

/** One check of the MPI facade that every process runs with its own {@link Mpi}. */
@FunctionalInterface
interface MpiScenario {
    /** Runs this process's part; throws on any deviation. */
    void run(Mpi mpi) throws Exception;
}
