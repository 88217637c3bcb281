package org.pgas4j.shmem;

/**
 * The device types a memory space can be created on ({@code shmem_device_type_t}, seed 001:
 * {@code SHMEM_DEVICE_<name>}). Which exist on a host is implementation-defined;
 * {@link Shmem#deviceTypes()} lists those this job can use.
 */
public enum DeviceType {
    /** Host memory ({@code SHMEM_DEVICE_CPU}): every PE has it; the default space is of this type. */
    CPU,
    /**
     * Simulated device memory ({@code SHMEM_DEVICE_DEVICE_SIM}): not host-addressable, present on
     * the PEs the host's device configuration names. Available once the DEVICE_SIM memory kind is.
     */
    DEVICE_SIM,
    /** CUDA device memory ({@code SHMEM_DEVICE_CUDA}); needs a CUDA device on the PE's host. */
    CUDA
}
