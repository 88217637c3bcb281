package org.pgas4j.shmem;

/**
 * The thread-support levels of {@link Shmem#initThread} and {@link Shmem#queryThread()}
 * ({@code SHMEM_THREAD_SINGLE} to {@code SHMEM_THREAD_MULTIPLE}), in increasing order.
 *
 * <p>This facade takes the same code paths at every level: the shared state of a {@link Shmem}
 * (the context list, a context's pending events and cached handles, the lock table) is safe for
 * concurrent use, and the core's RMA and atomics are. The level is what the program declared and
 * may rely on. One limit under {@link #MULTIPLE}: a context remembers the memory space it reached
 * last, so threads that share one context (the default context included) must not reach objects
 * of different memory spaces through it at the same time; a thread that works on another space
 * uses a context of its own ({@link Shmem#ctxCreate}), which costs nothing on the hot paths.
 */
public enum ThreadLevel {
    /** {@code SHMEM_THREAD_SINGLE}: the program has one thread. */
    SINGLE,
    /** {@code SHMEM_THREAD_FUNNELED}: only the thread that initialised OpenSHMEM calls it. */
    FUNNELED,
    /** {@code SHMEM_THREAD_SERIALIZED}: several threads call it, never two at once. */
    SERIALIZED,
    /**
     * {@code SHMEM_THREAD_MULTIPLE}: several threads call it at once, on the default context and on
     * contexts of their own; collectives on one team are still called by one thread at a time.
     */
    MULTIPLE
}
