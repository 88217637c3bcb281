package org.pgas4j.spi;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.pgas4j.Settings;

/**
 * Finds and loads the native libraries pgas4j calls through java.lang.foreign, honouring
 * {@link Settings#LIBRARY_PATH}: when it names directories, a library is looked for in them only,
 * by file name, in their order; otherwise the system's search (the dynamic loader's cache,
 * {@code LD_LIBRARY_PATH}) finds it. For the transports and memory kinds that load a native
 * library (UCX, the CUDA and HIP runtimes, the Level Zero loader), so that one setting moves them all.
 */
public final class NativeLibraries {
    private NativeLibraries() {
    }

    /** The directories of {@link Settings#LIBRARY_PATH}, empty when the system's search applies. */
    public static List<Path> searchPath() {
        return Settings.LIBRARY_PATH.value();
    }

    /**
     * The first file called {@code fileName} in the configured directories.
     *
     * @return the file, or empty when no directory holds it or no directory is configured
     */
    public static Optional<Path> findInSearchPath(String fileName) {
        for (Path dir : searchPath()) {
            Path candidate = dir.resolve(fileName);
            if (Files.isReadable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * Loads a library by file name ({@code libucp.so.0}) into {@code arena}.
     *
     * @throws IllegalArgumentException naming the library and where it was looked for when it
     *     cannot be found or loaded
     */
    public static SymbolLookup load(String fileName, Arena arena) {
        List<Path> dirs = searchPath();
        if (dirs.isEmpty()) {
            return SymbolLookup.libraryLookup(fileName, arena);
        }
        Path file = findInSearchPath(fileName).orElseThrow(() -> new IllegalArgumentException(fileName
                + " is not in any directory of " + Settings.LIBRARY_PATH.property() + " ("
                + dirs.stream().map(Path::toString).collect(Collectors.joining(":")) + ")"));
        return SymbolLookup.libraryLookup(file, arena);
    }
}
