package org.pgas4j.bootstrap;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the bootstrap of the PE the calling code runs as: a thread of an in-JVM job, a process
 * started by {@code bin/pgas4j run}, a process started by a PMIx launcher ({@code srun --mpi=pmix},
 * {@code mpirun}: {@code PMIX_RANK} and {@code PMIX_NAMESPACE} or {@code PMIX_SERVER_URI*} in the
 * environment, see {@link PmixBootstrap}), or else a stand-alone program (a job of one PE). The
 * launcher's variables win over PMIx's: a PE of {@code srun bin/pgas4j run --slurm} inherits both. Also guards
 * against a PE initialising a second client while its first is live. A launched PE that closed its
 * client and initialises again joins its job again through the same bootstrap ({@link Bootstrap#rejoin()}).
 */
public final class Bootstraps {
    private static final InheritableThreadLocal<Bootstrap> THREAD_PE = new InheritableThreadLocal<>();
    private static final Set<Object> CLAIMED = ConcurrentHashMap.newKeySet();
    private static final Object PROCESS_PE = new Object();
    private static Bootstrap launched;
    private static boolean launchedFinalized;

    private Bootstraps() {
    }

    /** Makes the calling thread (and threads it starts) the PE {@code bootstrap} of an in-JVM job. */
    public static void bindToThread(Bootstrap bootstrap) {
        THREAD_PE.set(bootstrap);
    }

    /** Ends the calling thread's binding to an in-JVM job. */
    public static void unbindThread() {
        THREAD_PE.remove();
    }

    /**
     * Claims the bootstrap of the calling PE for a new client, until {@link #release}.
     *
     * @throws IllegalStateException if this PE already has a live client, or (for a launched
     *         process) already finalized one
     */
    public static Bootstrap claim() {
        Bootstrap threadPe = THREAD_PE.get();
        if (threadPe != null) {
            if (!CLAIMED.add(threadPe)) {
                throw alreadyLive(threadPe.rank(), "this thread");
            }
            return threadPe;
        }
        if (!CLAIMED.add(PROCESS_PE)) {
            throw alreadyLive(launched != null ? launched.rank() : 0, "this process");
        }
        try {
            return processBootstrap();
        } catch (RuntimeException e) {
            CLAIMED.remove(PROCESS_PE);
            throw e;
        }
    }

    private static synchronized Bootstrap processBootstrap() {
        Map<String, String> env = System.getenv();
        boolean pmix = !LaunchEnvironment.isLaunched(env) && PmixBootstrap.detected(env);
        if (!LaunchEnvironment.isLaunched(env) && !pmix) {
            return new SingletonBootstrap();
        }
        if (launchedFinalized) {
            if (!launched.rejoin()) {
                throw new IllegalStateException("Client.init: PE " + launched.rank() + " already finalized its"
                        + " client; a PE started by a PMIx launcher (srun, mpirun) initialises one client in its"
                        + " life (one started by bin/pgas4j run may initialise again after closing)");
            }
            launchedFinalized = false;
        }
        if (launched == null) {
            launched = pmix ? PmixBootstrap.start() : SocketBootstrap.fromEnvironment(env);
        }
        return launched;
    }

    /** Releases the claim taken by {@link #claim} when the client using {@code bootstrap} closes. */
    public static void release(Bootstrap bootstrap) {
        if (CLAIMED.remove(bootstrap)) {
            return;
        }
        synchronized (Bootstraps.class) {
            if (bootstrap == launched) {
                launchedFinalized = true;
            }
        }
        CLAIMED.remove(PROCESS_PE);
    }

    private static IllegalStateException alreadyLive(int rank, String who) {
        return new IllegalStateException("Client.init: PE " + rank + " (" + who
                + ") already has a live client; close it before initialising another");
    }
}
