package org.pgas4j;

import java.nio.file.Path;

/**
 * The class-specific arguments that create a {@link MemoryKind} ({@code gex_MK_Create_args_t}
 * of seed 000 section 6.3): the seed's tagged union, as one record per class. Pass one to
 * {@link Client#createMemoryKind}. {@link MemoryKind#HOST} is predefined and has no spec.
 */
public sealed interface MemoryKindSpec permits MemoryKindSpec.File, MemoryKindSpec.DeviceSim,
        MemoryKindSpec.CudaUva, MemoryKindSpec.Hip, MemoryKindSpec.Ze {

    /** The class of the kinds this spec creates. */
    MemoryKindClass kindClass();

    /** How a {@link File} kind treats its file when a segment is created on it. */
    enum FileMode {
        /** Create the file; refuse if it exists. */
        CREATE,
        /** Open an existing file; refuse if it is missing or shorter than the segment. */
        OPEN,
        /** Open the file if it exists, else create it; extend it with zeroes if shorter than the segment. */
        CREATE_OR_OPEN
    }

    /**
     * A file, memory-mapped shared, as persistent segment memory: the FILE class. Puts, gets and
     * atomics from any PE reach the file; {@link Segment#flush} makes a range durable. Each PE
     * creates its own kind, usually over a file of its own.
     *
     * @param path the file
     * @param mode whether segment creation creates the file, opens it, or either
     */
    record File(Path path, FileMode mode) implements MemoryKindSpec {
        /** Checks for null arguments. */
        public File {
            if (path == null || mode == null) {
                throw new BadArgumentException("MemoryKindSpec.File: path and mode must not be null (got " + path + ", "
                        + mode + ")");
            }
        }

        @Override
        public MemoryKindClass kindClass() {
            return MemoryKindClass.FILE;
        }
    }

    /**
     * A simulated device: DEVICE_SIM. Its memory is not host-addressable and is reached only
     * through the kind's copy functions; how many devices a host has and which PEs see which is
     * configured by {@code pgas4j.devsim.devices}, {@code pgas4j.devsim.capacity} and
     * {@code pgas4j.devsim.visible}.
     *
     * @param device the device's ordinal, from 0
     */
    record DeviceSim(int device) implements MemoryKindSpec {
        @Override
        public MemoryKindClass kindClass() {
            return MemoryKindClass.DEVICE_SIM;
        }
    }

    /**
     * A CUDA device with unified addressing: CUDA_UVA ({@code gex_class_cuda_uva.gex_CUdevice}).
     *
     * @param device the CUDA device ordinal
     */
    record CudaUva(int device) implements MemoryKindSpec {
        @Override
        public MemoryKindClass kindClass() {
            return MemoryKindClass.CUDA_UVA;
        }
    }

    /**
     * A HIP device ({@code gex_class_hip.gex_hipDevice}). Named for completeness: creation fails
     * on every host, pgas4j has no HIP support.
     *
     * @param device the HIP device ordinal
     */
    record Hip(int device) implements MemoryKindSpec {
        @Override
        public MemoryKindClass kindClass() {
            return MemoryKindClass.HIP;
        }
    }

    /**
     * A oneAPI Level Zero device ({@code gex_class_ze}). Named for completeness: creation fails on
     * every host, pgas4j has no Level Zero support.
     *
     * @param device the {@code ze_device_handle_t}, as a number
     * @param context the {@code ze_context_handle_t}, as a number
     * @param memoryOrdinal the device memory ordinal
     */
    record Ze(long device, long context, int memoryOrdinal) implements MemoryKindSpec {
        @Override
        public MemoryKindClass kindClass() {
            return MemoryKindClass.ZE;
        }
    }
}
