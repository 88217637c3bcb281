package org.pgas4j;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.pgas4j.internal.kinds.CudaRuntime;

/**
 * The classes of memory kinds ({@code gex_MK_Class_t}, seed 000 section 6.3, plus pgas4j's FILE
 * and DEVICE_SIM), and which of them this build can use on this host: the analogue of the
 * {@code GASNET_HAVE_MK_CLASS_*} identifiers, as a run-time query because a Java build runs on
 * hosts with and without devices. {@code bin/pgas4j info} lists them with the reason for each
 * that is unavailable.
 */
public enum MemoryKindClass {
    /** Ordinary host memory ({@code GEX_MK_CLASS_HOST}); {@link MemoryKind#HOST} is its kind. */
    HOST,
    /** Memory-mapped files, persistent (pgas4j's class). */
    FILE,
    /** Simulated device memory, reachable only through copy functions (pgas4j's class, for CI without GPUs). */
    DEVICE_SIM,
    /** CUDA device memory with unified addressing ({@code GEX_MK_CLASS_CUDA_UVA}). */
    CUDA_UVA,
    /** HIP device memory ({@code GEX_MK_CLASS_HIP}). */
    HIP,
    /** oneAPI Level Zero device memory ({@code GEX_MK_CLASS_ZE}). */
    ZE;

    /**
     * Why kinds of this class cannot be created here, or empty when they can. For CUDA_UVA the
     * CUDA runtime is loaded and asked for devices (once per call: devices can come and go).
     */
    public Optional<String> unavailableReason() {
        return Optional.ofNullable(switch (this) {
            case HOST -> null;
            case FILE, DEVICE_SIM -> "not available in this release of pgas4j yet";
            case CUDA_UVA -> {
                CudaRuntime.Status s = CudaRuntime.probe();
                yield s.problem() != null ? s.problem()
                        : "CUDA device memory segments are not available in this release of pgas4j yet ("
                        + s.devices() + " device(s) found)";
            }
            case HIP -> "not supported on this host: pgas4j has no HIP support";
            case ZE -> "not supported on this host: pgas4j has no oneAPI Level Zero support";
        });
    }

    /** The classes whose kinds can be created on this host now. */
    public static Set<MemoryKindClass> supportedHere() {
        Set<MemoryKindClass> out = EnumSet.noneOf(MemoryKindClass.class);
        for (MemoryKindClass c : values()) {
            if (c.unavailableReason().isEmpty()) {
                out.add(c);
            }
        }
        return out;
    }
}
