package org.pgas4j.bench;

/**
 * A C program of pgas4j's own that {@code --native} compiles at bench time and runs next to
 * pgas4j's measurements, with the tools it needs. Its sources are resources of this package
 * ({@code native/NAME.c}) and print {@link ResultLine} lines.
 */
enum NativeProbe {
    /** OpenSHMEM: put, get, put rate, atomics, barrier, sum-to-all, start-up (Open MPI's OSHMEM). */
    SHMEM("shmem_probe", "native OpenSHMEM", NativeTool.OSHCC, NativeTool.OSHRUN),
    /** OpenSHMEM: the lock-step loop and the put/get/fetch-add stream of {@code bench warmup} (Open MPI's OSHMEM). */
    WARMUP("warmup_probe", "native OpenSHMEM", NativeTool.OSHCC, NativeTool.OSHRUN),
    /** MPI-3 one-sided: put, get, fetch-and-op, compare-and-swap, barrier, allreduce (Open MPI). */
    MPI("mpi_rma_probe", "native MPI RMA", NativeTool.MPICC, NativeTool.MPIRUN),
    /** The machine: memcpy bandwidth and a cross-core cache-line ping-pong. */
    MEMORY("memory_probe", "C memcpy / ping-pong", NativeTool.GCC, null);

    /** The resource every probe includes. */
    static final String TIMING_HEADER = "probe_timing.h";

    private final String program;
    private final String label;
    private final NativeTool compiler;
    private final NativeTool launcher;

    NativeProbe(String program, String label, NativeTool compiler, NativeTool launcher) {
        this.program = program;
        this.label = label;
        this.compiler = compiler;
        this.launcher = launcher;
    }

    /** The program's name, and its source's without {@code .c}. */
    String program() {
        return program;
    }

    /** How tables and plots name its figures. */
    String label() {
        return label;
    }

    /** The compiler that builds it. */
    NativeTool compiler() {
        return compiler;
    }

    /** The launcher that starts its processes, or null when it runs as one plain process. */
    NativeTool launcher() {
        return launcher;
    }
}
