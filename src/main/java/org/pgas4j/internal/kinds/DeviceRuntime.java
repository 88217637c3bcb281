package org.pgas4j.internal.kinds;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.pgas4j.BadArgumentException;
import org.pgas4j.ResourceException;
import org.pgas4j.spi.NativeLibraries;

/**
 * A device runtime loaded through java.lang.foreign, the one abstraction behind the CUDA_UVA, HIP
 * and ZE memory-kind classes (DEVICE_SIM, simulated in Java, stands beside it): it finds the
 * runtime's library (honouring {@code pgas4j.library.path}), loads it only when present, asks it
 * for drivers and devices, and says precisely why no kind of its class can be created — no
 * library, no driver, no device — without ever letting a missing piece crash the JVM. The devices
 * it opens are {@link NativeDevice}s. {@link CudaStyleRuntime} serves CUDA and HIP (HIP's API is
 * CUDA's under another prefix), {@link ZeRuntime} serves Level Zero.
 *
 * <p>Instances are stateless descriptions of a runtime: each {@link #probe()} loads and asks
 * again, because devices and drivers can come and go.
 */
public abstract sealed class DeviceRuntime permits CudaStyleRuntime, ZeRuntime {
    /** The CUDA runtime, {@code libcudart}: the CUDA_UVA class. */
    public static final CudaStyleRuntime CUDA = CudaStyleRuntime.cuda();
    /** The HIP runtime, {@code libamdhip64}: the HIP class. */
    public static final CudaStyleRuntime HIP = CudaStyleRuntime.hip();
    /** The oneAPI Level Zero loader, {@code libze_loader}: the ZE class. */
    public static final ZeRuntime ZE = new ZeRuntime();

    private final String className;
    private final String runtimeName;
    private final List<String> libraryNames;
    private final String debianPackage;

    DeviceRuntime(String className, String runtimeName, List<String> libraryNames, String debianPackage) {
        this.className = className;
        this.runtimeName = runtimeName;
        this.libraryNames = libraryNames;
        this.debianPackage = debianPackage;
    }

    /** The memory-kind class this runtime serves, by name ({@code CUDA_UVA}, {@code HIP}, {@code ZE}). */
    public final String className() {
        return className;
    }

    /** The runtime's name in messages ("CUDA", "HIP", "Level Zero"). */
    public final String runtimeName() {
        return runtimeName;
    }

    /** The library file names looked for, preferred first. */
    public final List<String> libraryNames() {
        return libraryNames;
    }

    /** Why a runtime cannot serve kinds, from the bottom of the stack up. */
    public enum Problem {
        /** The library is not installed (or not in {@code pgas4j.library.path}). */
        NO_LIBRARY,
        /** The library is there but could not be loaded or lacks a function pgas4j calls. */
        BROKEN_LIBRARY,
        /** The library loaded, but no driver (kernel driver, user-mode driver) answers it. */
        NO_DRIVER,
        /** A driver answers, but reports no device (or none pgas4j can use). */
        NO_DEVICE
    }

    /**
     * What a probe found.
     *
     * @param library the library loaded, or null when none was found
     * @param version the runtime's version as it reports it (or as its file name says), or null
     * @param devices the number of devices the runtime reports
     * @param usable per device, whether a kind can be created on it
     * @param problem why no kind can be created, or null when some device is usable
     * @param reason the exact reason for {@code problem} ("no HIP device: hipGetDeviceCount returned
     *     100 (hipErrorNoDevice)"), or null
     */
    public record Status(Path library, String version, int devices, boolean[] usable, Problem problem, String reason) {
        /** Whether device {@code d} exists and can hold a kind. */
        public boolean usable(int d) {
            return problem == null && d >= 0 && d < devices && usable[d];
        }

        /** The library and its version as {@code bin/pgas4j info} shows it, or empty when none was found. */
        public Optional<String> libraryText() {
            return library == null ? Optional.empty()
                    : Optional.of(library + (version != null ? " (version " + version + ")" : ""));
        }

        /** The usable devices, in order. */
        public List<Integer> usableDevices() {
            List<Integer> out = new ArrayList<>();
            for (int d = 0; d < devices; d++) {
                if (usable(d)) {
                    out.add(d);
                }
            }
            return out;
        }
    }

    /** Loads the library if it is installed and asks it for drivers and devices. Never throws. */
    public final Status probe() {
        Optional<Path> lib;
        String where;
        try {
            lib = find();
            where = NativeLibraries.searchPath().isEmpty() ? "on this host"
                    : "in the directories of pgas4j.library.path " + NativeLibraries.searchPath();
        } catch (RuntimeException e) { // an invalid pgas4j.library.path
            return new Status(null, null, 0, new boolean[0], Problem.NO_LIBRARY, "no " + runtimeName + " library: "
                    + e.getMessage());
        }
        if (lib.isEmpty()) {
            return new Status(null, null, 0, new boolean[0], Problem.NO_LIBRARY, "no " + runtimeName + " library: "
                    + String.join(" or ", libraryNames) + " is not installed " + where
                    + (debianPackage != null ? " (Debian package " + debianPackage + ")" : ""));
        }
        Arena arena = Arena.ofAuto();
        try {
            SymbolLookup lookup = SymbolLookup.libraryLookup(lib.get(), arena);
            return probe(new Loaded(this, lib.get(), lookup, arena));
        } catch (Throwable t) {
            return new Status(lib.get(), versionOfFile(lib.get()), 0, new boolean[0], Problem.BROKEN_LIBRARY,
                    "the " + runtimeName + " library at " + lib.get() + " could not be used: " + t);
        }
    }

    /** The reason no kind of this class can be created here, or empty when one can. */
    public final Optional<String> unavailableReason() {
        return Optional.ofNullable(probe().reason());
    }

    /**
     * Probes, then fails the way creating a kind must when the runtime cannot serve one: with the
     * exact reason as a {@link BadArgumentException} (seed 000's BAD_ARG).
     *
     * @param where the operation and PE, prefixed to the message
     */
    final Status require(String where) {
        Status s = probe();
        if (s.problem() != null) {
            throw new BadArgumentException(where + ": " + className + " kinds cannot be created on this host: "
                    + s.reason());
        }
        return s;
    }

    /** Asks the loaded library for its drivers and devices. */
    abstract Status probe(Loaded lib) throws Throwable;

    /** The version a library file name states ({@code libamdhip64.so.5.2.21153}: 5.2.21153), or null. */
    static String versionOfFile(Path library) {
        Path real;
        try {
            real = library.toRealPath();
        } catch (IOException | SecurityException e) {
            real = library;
        }
        String name = real.getFileName().toString();
        int so = name.indexOf(".so.");
        return so < 0 ? null : name.substring(so + 4);
    }

    private Optional<Path> find() {
        if (!NativeLibraries.searchPath().isEmpty()) {
            for (String name : libraryNames) {
                Optional<Path> p = NativeLibraries.findInSearchPath(name);
                if (p.isPresent()) {
                    return p;
                }
            }
            return Optional.empty();
        }
        for (Path d : libraryDirs()) {
            for (String name : libraryNames) {
                Path lib = d.resolve(name);
                if (Files.isReadable(lib)) {
                    return Optional.of(lib);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The directories searched when {@code pgas4j.library.path} is not set, in order: those of
     * {@code LD_LIBRARY_PATH}, the runtime's installation directories, the system's.
     */
    final List<Path> libraryDirs() {
        List<Path> dirs = new ArrayList<>();
        String ld = System.getenv("LD_LIBRARY_PATH");
        if (ld != null) {
            for (String d : ld.split(":")) {
                if (!d.isEmpty()) {
                    dirs.add(Path.of(d));
                }
            }
        }
        dirs.addAll(installDirs());
        dirs.addAll(List.of(Path.of("/usr/lib/x86_64-linux-gnu"), Path.of("/usr/lib64"), Path.of("/usr/lib"),
                Path.of("/usr/local/lib")));
        return dirs;
    }

    /** Where the runtime installs itself outside the system's directories ({@code /opt/rocm/lib}), in order. */
    abstract List<Path> installDirs();

    /** {@code home/lib64} and {@code home/lib} for an environment variable naming an installation, or nothing. */
    static List<Path> home(String variable) {
        String home = System.getenv(variable);
        return home == null || home.isEmpty() ? List.of() : List.of(Path.of(home, "lib64"), Path.of(home, "lib"));
    }

    /**
     * A loaded library with downcall helpers.
     *
     * @param runtime the runtime it is the library of
     * @param path its file
     * @param lookup its symbols
     * @param arena the arena it lives in (and the probe's memory with it)
     */
    record Loaded(DeviceRuntime runtime, Path path, SymbolLookup lookup, Arena arena) {
        /** A downcall handle for {@code name}; a missing function is a {@link ResourceException} naming it. */
        MethodHandle handle(String name, FunctionDescriptor fd, Linker.Option... options) {
            return Linker.nativeLinker().downcallHandle(lookup.find(name).orElseThrow(() -> new ResourceException(
                    "the " + runtime.runtimeName() + " library at " + path + " lacks " + name)), fd, options);
        }

        /** Whether the library has {@code name}. */
        boolean has(String name) {
            return lookup.find(name).isPresent();
        }

        /** A C string a library function returned, or "?" for null. */
        static String string(MemorySegment text) {
            return text.equals(MemorySegment.NULL) ? "?" : text.reinterpret(256).getString(0);
        }
    }
}
