package org.pgas4j.launcher;

import org.pgas4j.bootstrap.PmixBootstrap;

/**
 * What the training run of pgas4j's own AOT cache ({@code bin/pgas4j}: {@code run --aot-train} of
 * {@code WarmupPe train}) runs besides the runtime's hot loops, so that the cache serves every way a
 * PE starts, not only the launcher's.
 */
public final class AotTraining {
    private AotTraining() {
    }

    /**
     * The start-up steps a PE under a PMIx launcher ({@code srun --mpi=pmix}, {@code mpirun}) adds
     * to a launched PE's and that need no PMIx server: {@link PmixBootstrap#trainStartUp}.
     */
    public static void pmixStartUp() {
        PmixBootstrap.trainStartUp();
    }
}
