package org.pgas4j;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.pgas4j.internal.kinds.DeviceRuntime;
import org.pgas4j.internal.memory.ClientKinds;
import org.pgas4j.internal.memory.Kind;

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
     * Why kinds of this class cannot be created here, or empty when they can. For CUDA_UVA, HIP and
     * ZE the runtime's library is loaded and asked for drivers and devices (once per call: devices
     * can come and go), and the reason says which is missing: "no HIP library: ...", "no Level Zero
     * driver: zeInit returned ...", "no CUDA device: ..." — the same text with which
     * {@link Client#createMemoryKind} then refuses the class ({@link BadArgumentException}).
     */
    public Optional<String> unavailableReason() {
        DeviceRuntime runtime = ClientKinds.runtime(this);
        if (runtime != null) {
            return runtime.unavailableReason();
        }
        return Optional.ofNullable(switch (this) {
            case DEVICE_SIM -> simulatedDevices() > 0 ? null
                    : "no simulated devices are configured (pgas4j.devsim.devices=0)";
            default -> null;
        });
    }

    /**
     * The native library kinds of this class load, as found on this host: its path and version
     * ("/usr/lib/x86_64-linux-gnu/libze_loader.so.1 (version 1.8.12)"). Empty for the classes
     * without one (HOST, FILE, DEVICE_SIM) and when the library is not installed.
     */
    public Optional<String> library() {
        DeviceRuntime runtime = ClientKinds.runtime(this);
        return runtime == null ? Optional.empty() : runtime.probe().libraryText();
    }

    private static int simulatedDevices() {
        try {
            return Settings.DEVSIM_DEVICES.value();
        } catch (BadArgumentException e) {
            return 0;
        }
    }

    /**
     * The rules every kind of this class follows ({@link MemoryKind#rules()} of its kinds): what
     * peers and the owner may do with segments of the class.
     */
    public KindRules rules() {
        return switch (this) {
            case HOST -> Kind.HOST_RULES;
            case FILE -> Kind.FILE_RULES;
            case DEVICE_SIM -> Kind.DEVICE_SIM_RULES;
            case CUDA_UVA, HIP, ZE -> Kind.NATIVE_DEVICE_RULES;
        };
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
