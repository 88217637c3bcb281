package org.pgas4j.gaspi;

import java.nio.file.Path;

/**
 * Seed 003's {@code gaspi_memory_description_t}: what kind of memory an application provides to
 * {@link Gaspi}{@code .segmentBind} and {@link Gaspi}{@code .segmentUse}. Each description maps onto a pgas4j
 * memory kind: {@link Host} onto HOST, {@link File} onto FILE, {@link DeviceSim} onto DEVICE_SIM,
 * {@link Cuda} onto CUDA_UVA.
 */
public sealed interface MemoryDescription {

    /** Host memory: native memory the application allocated (an {@code Arena}, a mapping, malloc). */
    MemoryDescription HOST = new Host();

    /** Ordinary host memory ({@code MEMORY_HOST}); must be native, not on the Java heap. */
    record Host() implements MemoryDescription {
    }

    /**
     * A shared, writable mapping of {@code path} ({@code FileChannel.map} with READ_WRITE into an
     * arena): persistent memory, and memory another job can map too (seed 003's use case). The
     * segment's size must be a multiple of the page size.
     *
     * @param path the mapped file
     */
    record File(Path path) implements MemoryDescription {
        /** Checks the path. */
        public File {
            if (path == null) {
                throw new GaspiException(GaspiError.UNSUPPORTED_MEMORY_DESCRIPTION, "MemoryDescription.File: path is null");
            }
        }
    }

    /**
     * Simulated device memory of device {@code device} (pgas4j's DEVICE_SIM): not host
     * addressable; bind it by the address of a buffer from {@link Gaspi}{@code .deviceAllocate}.
     *
     * @param device the simulated device's ordinal
     */
    record DeviceSim(int device) implements MemoryDescription {
    }

    /**
     * CUDA device memory of device {@code device} ({@code MEMORY_GPU}): refused with
     * {@link GaspiError#UNSUPPORTED_MEMORY_DESCRIPTION} and the reason where no usable CUDA device
     * is present.
     *
     * @param device the CUDA device ordinal
     */
    record Cuda(int device) implements MemoryDescription {
    }
}
