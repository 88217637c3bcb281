package org.pgas4j.launcher;

/** The text of {@code pgas4j help}. */
final class Usage {
    static final String TEXT = """
            usage: pgas4j <command> [options]

            commands:
              run -np N [options] MAIN_CLASS [ARGS...]                 run N PEs of a Java program
              run -np N [options] -jar JAR [ARGS...]                   the same, main class from the jar
              run -np N [options] -p PATH -m MODULE[/CLASS] [ARGS...]  the same, as a named module
              exec [options] MAIN_CLASS [ARGS...]                      one PE in this process, for a PMIx launcher:
                                                                       srun --mpi=pmix -n N bin/pgas4j exec MAIN_CLASS,
                                                                       mpirun -n N bin/pgas4j exec MAIN_CLASS (docs/cluster.md)
              stats FILE.json [--kind K] [--plot FILE.svg|png]         a --stats report's PE x PE matrices (and heatmap)
              info                                                     version, JDK, transports, limits and settings
              bench [ARGS...]                                          the micro-benchmarks (pgas4j bench help)
              help                                                     this text

            run options (before the program, mixed in any order with the JVM options below):
              -np N                 number of PEs, 1 to %d
              --transport NAME      auto (the default: shm on one host, hybrid across hosts), shm (one
                                    process per PE, shared memory), hybrid (shm within a host, UCX
                                    between hosts), ucx (UCX to every peer) or local (threads of one JVM)
              --tag-output          prefix every output line with [rank]
              --stats[=FILE]        count every PE's operations, bytes and waits per target PE; write
                                    the report to FILE (default pgas4j-stats-<job>.json) and print a summary
              --timeout SECONDS     fail the job (exit 124) when it runs longer, naming the PEs still running
              --jfr[=DIR]           record JFR with pgas4j's events: DIR/pgas4j-JOB-peN.jfr per PE (one
                                    file pgas4j-JOB-local.jfr for local); DIR defaults to the current one
              --aot-train FILE      record a JDK AOT cache of this program in FILE (PE 0 trains; one file per job)
              --aot FILE            start every PE from that cache (a stale one is ignored with a warning)
              --no-aot              no AOT cache, not even pgas4j's own (target/pgas4j-runtime.aot)
              --bind-to POLICY      bind each PE to a CPU of this host (taskset): auto (the default) when the
                                    job has exactly one PE per CPU, core always (round robin), none never
              --jvm-arg ARG         pass ARG to every PE's JVM (repeatable)
              -cp, --class-path CP  the program's class path; pgas4j's own classes are appended
              -p, --module-path MP  where the program's module is; pgas4j's own module is appended
              -m, --module M[/C]    run module M (main class C, or the one its descriptor names)
              --                    ends the options: the next word is the main class, even if it
                                    starts with '-'
              --hosts H:N,H:N       run on these hosts, N PEs each at most, in host order (block placement)
              --hostfile FILE       the same from a file of 'host slots' lines (# starts a comment)
              --rendezvous-address A  the address of this host the PEs reach the launcher on
                                    (default: loopback, or the interface that routes to the first remote host)
              --env NAME[=VALUE]    forward a variable to every PE, also to remote ones (repeatable)
              --slurm               one PE per Slurm task: srun bin/pgas4j run --slurm MAIN_CLASS
                                    (through PMIx when srun gives it, else a rendezvous file)
            exec takes the run options that concern one PE: --transport, --stats, -cp, -jar, -p, -m,
            --jvm-arg and the JVM options.

            JVM options, written as for java and passed in order to every PE's JVM:
              -Dname=value, -Dname, -X... (-Xmx1g, -Xss2m ...), -XX:..., -ea[:...], -da[:...], -esa, -dsa,
              -enableassertions[:...], -disableassertions[:...], -verbose[:...], -agentlib:...,
              -agentpath:..., -javaagent:..., --enable-preview, and --add-opens, --add-exports,
              --add-reads, --add-modules, --enable-native-access with their value after a space or '='.
            A -Dpgas4j.* setting given here is in force in the launcher too, as if given before 'run':
            -Dpgas4j.transport=local does what --transport local does.

            Every -Dpgas4j.* property given to the launcher is passed on to the PEs. PEs on other hosts
            are started with ssh -o BatchMode=yes; the same JDK and class path must exist there at the
            same paths. The exit status is the first failing PE's status (128+signal for a killed PE),
            124 on timeout, 2 for a bad command line, the status a PE passed to shmem_global_exit
            (Client.exit). When a PE fails or so ends the job the others are aborted and the
            job's shared files removed. More in docs/launcher.md.
            A PE that joined the job must close its bootstrap (or client) before it exits; exiting
            without doing so while other PEs still run fails the job (status 1), as in MPI.
            """.formatted(RunOptions.MAX_PES);

    private Usage() {
    }
}
