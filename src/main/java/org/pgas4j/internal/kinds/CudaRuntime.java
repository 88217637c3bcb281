package org.pgas4j.internal.kinds;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.pgas4j.spi.NativeLibraries;

/**
 * The CUDA runtime ({@code libcudart}) through java.lang.foreign, loaded only when present:
 * what a CUDA_UVA memory kind needs to know before it can exist — whether the library loads,
 * how many devices there are, and whether a device has unified addressing (seed 000 section
 * 6.5). {@link #probe()} never throws: a missing library or a host without a GPU is a status.
 */
public final class CudaRuntime {
    /** {@code cudaDevAttrUnifiedAddressing}. */
    private static final int ATTR_UNIFIED_ADDRESSING = 41;
    private static final List<Path> LIBRARY_DIRS = List.of(Path.of("/usr/local/cuda/lib64"),
            Path.of("/usr/local/cuda/lib"), Path.of("/usr/lib/x86_64-linux-gnu"), Path.of("/usr/lib64"));

    private CudaRuntime() {
    }

    /**
     * What the probe found.
     *
     * @param library the library loaded, or null when none was found
     * @param devices the device count (0 when there are none or the runtime reports an error)
     * @param unifiedAddressing per device, whether it has unified addressing
     * @param problem why no device can be used ("no CUDA device: ..."), or null when some can
     */
    public record Status(Path library, int devices, boolean[] unifiedAddressing, String problem) {
        /** Whether device {@code d} exists and has unified addressing. */
        public boolean usable(int d) {
            return problem == null && d >= 0 && d < devices && unifiedAddressing[d];
        }
    }

    /** Loads libcudart if it is installed and asks it for its devices. */
    public static Status probe() {
        Optional<Path> lib = find();
        if (lib.isEmpty()) {
            String where = NativeLibraries.searchPath().isEmpty() ? "on this host"
                    : "in the directories of pgas4j.library.path " + NativeLibraries.searchPath();
            return new Status(null, 0, new boolean[0], "the CUDA runtime (libcudart.so) is not installed " + where);
        }
        Linker linker = Linker.nativeLinker();
        Arena arena = Arena.ofAuto();
        try {
            SymbolLookup cudart = SymbolLookup.libraryLookup(lib.get(), arena);
            MethodHandle count = linker.downcallHandle(cudart.find("cudaGetDeviceCount").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
            MethodHandle name = linker.downcallHandle(cudart.find("cudaGetErrorName").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
            MethodHandle attribute = linker.downcallHandle(cudart.find("cudaDeviceGetAttribute").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT));
            MemorySegment out = arena.allocate(ValueLayout.JAVA_INT);
            int err = (int) count.invokeExact(out);
            if (err != 0) {
                MemorySegment text = (MemorySegment) name.invokeExact(err);
                String errName = text.reinterpret(256).getString(0);
                return new Status(lib.get(), 0, new boolean[0], "no CUDA device: cudaGetDeviceCount returned " + err
                        + " (" + errName + ")");
            }
            int devices = out.get(ValueLayout.JAVA_INT, 0);
            if (devices == 0) {
                return new Status(lib.get(), 0, new boolean[0], "no CUDA device: cudaGetDeviceCount found none");
            }
            boolean[] uva = new boolean[devices];
            for (int d = 0; d < devices; d++) {
                int e = (int) attribute.invokeExact(out, ATTR_UNIFIED_ADDRESSING, d);
                uva[d] = e == 0 && out.get(ValueLayout.JAVA_INT, 0) != 0;
            }
            return new Status(lib.get(), devices, uva, null);
        } catch (Throwable t) {
            return new Status(lib.get(), 0, new boolean[0], "the CUDA runtime at " + lib.get() + " could not be used: " + t);
        }
    }

    private static Optional<Path> find() {
        if (!NativeLibraries.searchPath().isEmpty()) {
            return NativeLibraries.findInSearchPath("libcudart.so");
        }
        String home = System.getenv("CUDA_HOME");
        List<Path> dirs = new java.util.ArrayList<>();
        if (home != null) {
            dirs.add(Path.of(home, "lib64"));
            dirs.add(Path.of(home, "lib"));
        }
        dirs.addAll(LIBRARY_DIRS);
        try (var versions = Files.list(Path.of("/usr/local"))) {
            versions.filter(p -> p.getFileName().toString().startsWith("cuda-")).sorted()
                    .forEach(p -> dirs.add(p.resolve("lib64")));
        } catch (java.io.IOException | SecurityException e) {
            // no /usr/local: the fixed list stands
        }
        for (Path d : dirs) {
            Path lib = d.resolve("libcudart.so");
            if (Files.isReadable(lib)) {
                return Optional.of(lib);
            }
        }
        return Optional.empty();
    }
}
