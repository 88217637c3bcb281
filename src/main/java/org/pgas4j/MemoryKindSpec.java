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
     * A HIP device ({@code gex_class_hip.gex_hipDevice}): the HIP class, driven through
     * {@code libamdhip64} (loaded when installed). Creation fails with a
     * {@link BadArgumentException} giving the exact reason when the library, the driver or the
     * device is missing ({@link MemoryKindClass#unavailableReason()} gives the same reason).
     *
     * @param device the HIP device ordinal ({@code hipSetDevice}'s argument)
     */
    record Hip(int device) implements MemoryKindSpec {
        @Override
        public MemoryKindClass kindClass() {
            return MemoryKindClass.HIP;
        }
    }

    /**
     * A oneAPI Level Zero device ({@code gex_class_ze}): the ZE class, driven through the Level
     * Zero loader ({@code libze_loader}, loaded when installed). Creation validates the record
     * against what the loader reports: the device must be one of its devices, the memory ordinal
     * one of the device's, and the context 0 (pgas4j creates one on the device's driver) or a live
     * context of this process. It fails with a {@link BadArgumentException} giving the exact
     * reason, also when the loader, a driver or a device is missing.
     *
     * @param device the {@code ze_device_handle_t}, as a number
     * @param context the {@code ze_context_handle_t}, as a number; 0 for a context pgas4j creates
     * @param memoryOrdinal the device memory ordinal ({@code ze_device_mem_alloc_desc_t.ordinal})
     */
    record Ze(long device, long context, int memoryOrdinal) implements MemoryKindSpec {
        /**
         * The record for the {@code index}th device the Level Zero loader reports (the numbering of
         * {@link Client#visibleDevices}), memory ordinal {@code memoryOrdinal}, in a context pgas4j
         * creates.
         *
         * @throws BadArgumentException with the reason when the loader, a driver or that device is missing
         */
        public static Ze onDevice(int index, int memoryOrdinal) {
            return new Ze(org.pgas4j.internal.kinds.DeviceRuntime.ZE.deviceHandle(index, "MemoryKindSpec.Ze.onDevice"), 0,
                    memoryOrdinal);
        }

        @Override
        public MemoryKindClass kindClass() {
            return MemoryKindClass.ZE;
        }
    }
}
