package org.pgas4j.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Evaluates {@link Probe}s against one view of the system: the PATH directories, the library
 * directories that replace the loader's search (pgas4j.library.path, empty for the loader's own),
 * and the user the tests run as. Never loads a library: UCX's, once loaded, would install its signal
 * handlers in the test JVM.
 */
public final class SystemProbes {
    /** Where the dynamic loader looks when its cache cannot be read. */
    private static final List<Path> LOADER_DIRS = List.of(Path.of("/lib"), Path.of("/usr/lib"), Path.of("/lib64"),
            Path.of("/usr/lib64"), Path.of("/lib/x86_64-linux-gnu"), Path.of("/usr/lib/x86_64-linux-gnu"),
            Path.of("/lib/aarch64-linux-gnu"), Path.of("/usr/lib/aarch64-linux-gnu"), Path.of("/usr/local/lib"));
    private static volatile Set<String> loaderCache;

    private final List<Path> commandDirs;
    private final List<Path> libraryPath;
    private final String user;

    /**
     * @param commandDirs the directories searched for commands, in PATH's order
     * @param libraryPath the directories that replace the loader's search, empty for the loader's own
     * @param user the user the tests run as
     */
    public SystemProbes(List<Path> commandDirs, List<Path> libraryPath, String user) {
        this.commandDirs = List.copyOf(commandDirs);
        this.libraryPath = List.copyOf(libraryPath);
        this.user = user;
    }

    /** This JVM's view, with {@code libraryPathText} (':'-separated, may be null) as pgas4j.library.path. */
    public static SystemProbes ofThisJvm(String libraryPathText) {
        return new SystemProbes(directories(System.getenv("PATH")), directories(libraryPathText),
                System.getProperty("user.name"));
    }

    /** The library directories this view searches instead of the loader's, empty for the loader's. */
    public List<Path> libraryPath() {
        return libraryPath;
    }

    /**
     * Checks one probe.
     *
     * @return empty when it holds, otherwise what was not found, in a few words
     */
    public Optional<String> failure(Probe probe) {
        String a = probe.argument();
        return switch (probe.kind()) {
            case COMMAND -> commandDirs.stream().map(d -> d.resolve(a)).anyMatch(Files::isExecutable)
                    ? Optional.empty() : Optional.of("the command " + a + " is not on PATH");
            case FILE -> Files.isReadable(Path.of(a)) ? Optional.empty() : Optional.of(a + " does not exist");
            case LIBRARY -> libraryFailure(a);
            case USER -> a.equals(user) ? Optional.empty() : Optional.of("the tests run as '" + user + "', not " + a);
        };
    }

    private Optional<String> libraryFailure(String file) {
        if (!libraryPath.isEmpty()) {
            return libraryPath.stream().anyMatch(d -> Files.isReadable(d.resolve(file))) ? Optional.empty()
                    : Optional.of("the library " + file + " is not in pgas4j.library.path (" + joined(libraryPath) + ")");
        }
        List<Path> ldPath = directories(System.getenv("LD_LIBRARY_PATH"));
        if (ldPath.stream().anyMatch(d -> Files.isReadable(d.resolve(file))) || loaderCache().contains(file)) {
            return Optional.empty();
        }
        return Optional.of("the dynamic loader does not find the library " + file);
    }

    /** The file names the loader's cache lists ({@code ldconfig -p}), or the files of its usual directories. */
    private static Set<String> loaderCache() {
        Set<String> cache = loaderCache;
        if (cache == null) {
            cache = readLoaderCache();
            loaderCache = cache;
        }
        return cache;
    }

    private static Set<String> readLoaderCache() {
        Set<String> names = new HashSet<>();
        for (String ldconfig : List.of("/sbin/ldconfig", "/usr/sbin/ldconfig")) {
            if (!Files.isExecutable(Path.of(ldconfig))) {
                continue;
            }
            try {
                Process p = new ProcessBuilder(ldconfig, "-p").redirectErrorStream(true).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    // Lines read "\tlibucp.so.0 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libucp.so.0".
                    out.lines().map(String::strip).filter(l -> l.contains(" => "))
                            .forEach(l -> names.add(l.substring(0, l.indexOf(' '))));
                    return names;
                }
            } catch (IOException e) {
                // fall through to the directories
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (Path dir : LOADER_DIRS) {
            File[] files = dir.toFile().listFiles();
            if (files != null) {
                for (File f : files) {
                    names.add(f.getName());
                }
            }
        }
        return names;
    }

    private static List<Path> directories(String text) {
        List<Path> dirs = new ArrayList<>();
        if (text != null) {
            for (String entry : text.split(":")) {
                if (!entry.isBlank()) {
                    dirs.add(Path.of(entry.strip()));
                }
            }
        }
        return dirs;
    }

    private static String joined(List<Path> dirs) {
        return dirs.stream().map(Path::toString).collect(Collectors.joining(":"));
    }
}
