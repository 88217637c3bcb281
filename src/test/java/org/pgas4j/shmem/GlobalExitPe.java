package org.pgas4j.shmem;

/**
 * A PE of {@link ShmemGlobalExitTest}: every PE but {@code caller} waits in a barrier that will
 * never complete; {@code caller} lets them get there, then calls {@code globalExit(status)}.
 * Prints {@code JOB <id>} first (for the test's look at /dev/shm), and {@code UNREACHED} if {@code globalExit} ever returns or the barrier completes.
 */
public final class GlobalExitPe {
    private GlobalExitPe() {
    }

    /** Arguments: the calling PE, the status. */
    public static void main(String[] args) throws Exception {
        int caller = Integer.parseInt(args[0]);
        int status = Integer.parseInt(args[1]);
        Shmem shmem = Shmem.init();
        SymmetricArray data = shmem.calloc(ShmemType.LONG, 1); // a symmetric heap with something in it
        System.out.println("JOB " + shmem.client().jobId());
        System.out.flush();
        if (shmem.myPe() == caller) {
            Thread.sleep(500);
            shmem.globalExit(status);
        } else {
            shmem.barrierAll();
        }
        System.out.println("UNREACHED on PE " + shmem.myPe() + " " + data);
    }
}
