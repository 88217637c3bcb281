package org.pgas4j.shmem;

/** How put-with-signal updates the signal word ({@code SHMEM_SIGNAL_SET}, {@code SHMEM_SIGNAL_ADD}). */
public enum SignalOp {
    /** {@code SHMEM_SIGNAL_SET}: the signal word becomes the value. */
    SET,
    /** {@code SHMEM_SIGNAL_ADD}: the value is added to the signal word. */
    ADD
}
