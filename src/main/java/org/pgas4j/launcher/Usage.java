package org.pgas4j.launcher;

/** The text of {@code pgas4j help}. */
final class Usage {
    static final String TEXT = """
            usage: pgas4j <command> [options]

            commands:
              run -np N [options] MAIN_CLASS [ARGS...]   run N PEs of a Java program
              run -np N [options] -jar JAR [ARGS...]     the same, taking the main class from the jar
              info                                      version, JDK, transports, limits and settings
              bench [ARGS...]                           the micro-benchmarks (pgas4j bench help)
              help                                      this text

            run options:
              -np N                 number of PEs, 1 to %d
              --transport NAME      auto (the default: shm on one host, hybrid across hosts), shm (one
                                    process per PE, shared memory), hybrid (shm within a host, UCX
                                    between hosts), ucx (UCX to every peer) or local (threads of one JVM)
              --tag-output          prefix every output line with [rank]
              --timeout SECONDS     fail the job (exit 124) when it runs longer, naming the PEs still running
              --jvm-arg ARG         pass ARG to every PE's JVM (repeatable)
              -cp, --class-path CP  the program's class path; pgas4j's own classes are appended
              --hosts H:N,H:N       run on these hosts, N PEs each at most, in host order (block placement)
              --hostfile FILE       the same from a file of 'host slots' lines (# starts a comment)
              --rendezvous-address A  the address of this host the PEs reach the launcher on
                                    (default: loopback, or the interface that routes to the first remote host)
              --env NAME[=VALUE]    forward a variable to every PE, also to remote ones (repeatable)
              --slurm               one PE per Slurm task: srun bin/pgas4j run --slurm MAIN_CLASS

            Every -Dpgas4j.* property given to the launcher is passed on to the PEs. PEs on other hosts
            are started with ssh -o BatchMode=yes; the same JDK and class path must exist there at the
            same paths. The exit status is the first failing PE's status (128+signal for a killed PE),
            124 on timeout, 2 for a bad command line. When a PE fails the others are aborted and the
            job's shared files removed.
            A PE that joined the job must close its bootstrap (or client) before it exits; exiting
            without doing so while other PEs still run fails the job (status 1), as in MPI.
            """.formatted(RunOptions.MAX_PES);

    private Usage() {
    }
}
