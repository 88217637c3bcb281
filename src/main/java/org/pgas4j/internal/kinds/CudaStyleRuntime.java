package org.pgas4j.internal.kinds;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.pgas4j.BadArgumentException;

/**
 * A runtime with CUDA's API shape: the CUDA runtime ({@code libcudart}, class CUDA_UVA) and HIP
 * ({@code libamdhip64}, class HIP), whose functions are CUDA's under the prefix {@code hip} with the
 * same error codes for the cases pgas4j tells apart. One instance per runtime holds what differs:
 * the prefix, where the library lives, which device attribute a kind requires (CUDA_UVA needs
 * unified addressing, seed 000 section 6.5; HIP needs none), how the version number reads, and the
 * constants that changed between HIP releases.
 */
public final class CudaStyleRuntime extends DeviceRuntime {
    /** {@code cudaErrorInsufficientDriver} / {@code hipErrorInsufficientDriver}. */
    static final int ERROR_INSUFFICIENT_DRIVER = 35;
    /** {@code cudaErrorNoDevice} / {@code hipErrorNoDevice}. */
    static final int ERROR_NO_DEVICE = 100;
    /** {@code cudaErrorStubLibrary}: the driver library is the toolkit's stub. */
    static final int ERROR_STUB_LIBRARY = 34;
    /** {@code cudaDevAttrUnifiedAddressing}. */
    static final int CUDA_ATTR_UNIFIED_ADDRESSING = 41;

    private final String prefix;
    private final int requiredAttribute;
    private final String requiredAttributeName;
    private final IntFunction<String> versionText;
    private final String homeVariable;
    private final List<Path> installDirs;

    private CudaStyleRuntime(String className, String runtimeName, List<String> libraryNames, String debianPackage,
            String prefix, int requiredAttribute, String requiredAttributeName, IntFunction<String> versionText,
            String homeVariable, List<Path> installDirs) {
        super(className, runtimeName, libraryNames, debianPackage);
        this.prefix = prefix;
        this.requiredAttribute = requiredAttribute;
        this.requiredAttributeName = requiredAttributeName;
        this.versionText = versionText;
        this.homeVariable = homeVariable;
        this.installDirs = installDirs;
    }

    static CudaStyleRuntime cuda() {
        return new CudaStyleRuntime("CUDA_UVA", "CUDA", List.of("libcudart.so", "libcudart.so.13", "libcudart.so.12"),
                null, "cuda", CUDA_ATTR_UNIFIED_ADDRESSING, "unified addressing (cudaDevAttrUnifiedAddressing), which "
                        + "CUDA_UVA requires (seed 000 section 6.5)",
                v -> v / 1000 + "." + v % 1000 / 10, "CUDA_HOME",
                List.of(Path.of("/usr/local/cuda/lib64"), Path.of("/usr/local/cuda/lib")));
    }

    static CudaStyleRuntime hip() {
        return new CudaStyleRuntime("HIP", "HIP", List.of("libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"),
                "libamdhip64-5", "hip", -1, null,
                v -> v / 10_000_000 + "." + v / 100_000 % 100 + "." + v % 100_000, "ROCM_PATH",
                List.of(Path.of("/opt/rocm/lib")));
    }

    /** The function {@code name} of this runtime: {@code "Malloc"} is {@code cudaMalloc} or {@code hipMalloc}. */
    String function(String name) {
        return prefix + name;
    }

    /** The runtime's major version from its version number (CUDA 13000: 13; HIP 50221153: 5). */
    int major(int version) {
        return Integer.parseInt(versionText.apply(version).split("\\.")[0]);
    }

    @Override
    List<Path> installDirs() {
        List<Path> dirs = new ArrayList<>(home(homeVariable));
        dirs.addAll(installDirs);
        Path family = installDirs.getFirst().getParent(); // /usr/local/cuda, /opt/rocm
        try (var versions = Files.list(family.getParent())) {
            String prefix = family.getFileName() + "-";   // cuda-13.0, rocm-6.1.0
            versions.filter(p -> p.getFileName().toString().startsWith(prefix)).sorted().forEach(p -> {
                dirs.add(p.resolve("lib64"));
                dirs.add(p.resolve("lib"));
            });
        } catch (IOException | SecurityException e) {
            // no such directory: the fixed list stands
        }
        return dirs;
    }

    @Override
    Status probe(Loaded lib) throws Throwable {
        MethodHandle count = lib.handle(function("GetDeviceCount"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS));
        MethodHandle name = lib.handle(function("GetErrorName"), FunctionDescriptor.of(ValueLayout.ADDRESS,
                ValueLayout.JAVA_INT));
        MethodHandle attribute = lib.handle(function("DeviceGetAttribute"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        MemorySegment out = lib.arena().allocate(ValueLayout.JAVA_INT);
        int runtimeVersion = runtimeVersion(lib);
        String version = runtimeVersion > 0 ? versionText.apply(runtimeVersion) : versionOfFile(lib.path());
        int err = (int) count.invokeExact(out);
        if (err != 0) {
            String call = function("GetDeviceCount") + " returned " + err + " (" + Loaded.string(
                    (MemorySegment) name.invokeExact(err)) + ")";
            Problem p = err == ERROR_NO_DEVICE ? Problem.NO_DEVICE : Problem.NO_DRIVER;
            return new Status(lib.path(), version, 0, new boolean[0], p, "no " + runtimeName() + " "
                    + (p == Problem.NO_DEVICE ? "device" : "driver") + ": " + call);
        }
        int devices = out.get(ValueLayout.JAVA_INT, 0);
        if (devices == 0) {
            return new Status(lib.path(), version, 0, new boolean[0], Problem.NO_DEVICE, "no " + runtimeName()
                    + " device: " + function("GetDeviceCount") + " found none");
        }
        boolean[] usable = new boolean[devices];
        boolean any = false;
        for (int d = 0; d < devices; d++) {
            if (requiredAttribute < 0) {
                usable[d] = true;
            } else {
                int e = (int) attribute.invokeExact(out, requiredAttribute, d);
                usable[d] = e == 0 && out.get(ValueLayout.JAVA_INT, 0) != 0;
            }
            any |= usable[d];
        }
        return any ? new Status(lib.path(), version, devices, usable, null, null)
                : new Status(lib.path(), version, devices, usable, Problem.NO_DEVICE, "no " + runtimeName()
                        + " device has " + requiredAttributeName + " (" + devices + " device(s) found)");
    }

    /** The runtime's version number ({@code cudaRuntimeGetVersion}), or 0 when it does not say. */
    private int runtimeVersion(Loaded lib) throws Throwable {
        if (!lib.has(function("RuntimeGetVersion"))) {
            return 0;
        }
        MethodHandle get = lib.handle(function("RuntimeGetVersion"), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS));
        MemorySegment out = lib.arena().allocate(ValueLayout.JAVA_INT);
        return (int) get.invokeExact(out) == 0 ? out.get(ValueLayout.JAVA_INT, 0) : 0;
    }

    /**
     * Device {@code ordinal}, checked with the probe: the library loads, a driver answers, the
     * device exists and has what the class requires.
     *
     * @param where the operation and PE, for messages
     * @throws BadArgumentException with the exact reason when any of that fails
     */
    public NativeDevice open(int ordinal, String where) {
        Status s = require(where);
        if (ordinal < 0 || ordinal >= s.devices()) {
            throw new BadArgumentException(where + ": " + className() + " device " + ordinal + " does not exist; this "
                    + "host has " + s.devices() + " " + runtimeName() + " device(s)");
        }
        if (!s.usable(ordinal)) {
            throw new BadArgumentException(where + ": " + runtimeName() + " device " + ordinal + " lacks "
                    + requiredAttributeName);
        }
        SymbolLookup lookup = SymbolLookup.libraryLookup(s.library(), Arena.global());
        int version = 0;
        try {
            version = runtimeVersion(new Loaded(this, s.library(), lookup, Arena.global()));
        } catch (Throwable t) {
            // no version: the constants of the oldest supported release apply
        }
        return new CudaStyleDevice(this, ordinal, new Loaded(this, s.library(), lookup, Arena.global()),
                version == 0 ? 0 : major(version));
    }
}
