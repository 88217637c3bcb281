package org.pgas4j.launcher;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * What {@code pgas4j run} does with a JDK ahead-of-time cache (JEP 483/514/515): nothing said
 * (the runtime's own cache, when there is a fresh one: {@link AotCache#runtimeCache}), none at all
 * ({@code --no-aot}), record one for this program ({@code --aot-train FILE}) or use one recorded
 * before ({@code --aot FILE}).
 *
 * @param mode which of the four
 * @param file the cache file of {@code --aot-train} and {@code --aot} (absolute), else null
 */
public record AotRequest(Mode mode, Path file) {
    /** No AOT option given. */
    public static final AotRequest DEFAULT = new AotRequest(Mode.DEFAULT, null);

    /** The four things a job can do with an AOT cache. */
    public enum Mode {
        /** No option: the runtime's cache when it is fresh. */
        DEFAULT,
        /** {@code --no-aot}: no cache at all. */
        OFF,
        /** {@code --aot-train FILE}: PE 0 records a cache for this program. */
        TRAIN,
        /** {@code --aot FILE}: every PE uses the cache. */
        USE
    }

    /** The option as the user writes it, for messages. */
    String option() {
        return switch (mode) {
            case DEFAULT -> "(no AOT option)";
            case OFF -> "--no-aot";
            case TRAIN -> "--aot-train " + file;
            case USE -> "--aot " + file;
        };
    }

    /**
     * The request of option {@code name} with {@code value}, after {@code before} (what earlier
     * options asked): only one AOT option per command line. The file of {@code --aot} must exist,
     * the directory of {@code --aot-train}'s must be writable.
     *
     * @throws UsageException naming the option and what is wrong with it
     */
    static AotRequest parse(AotRequest before, String name, String value) {
        if (before.mode != Mode.DEFAULT) {
            throw new UsageException(name + " cannot be combined with " + before.option() + ": give one AOT option");
        }
        if (name.equals("--no-aot")) {
            return new AotRequest(Mode.OFF, null);
        }
        if (value.isBlank()) {
            throw new UsageException(name + " needs a file name, such as " + name + " app.aot");
        }
        Path file;
        try {
            file = Path.of(value).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new UsageException(name + " " + value + " is not a path: " + e.getMessage());
        }
        if (name.equals("--aot")) {
            if (!Files.isRegularFile(file)) {
                throw new UsageException("--aot " + value + ": " + (Files.isDirectory(file) ? "is a directory, not"
                        : "there is no such") + " file; record one first with run --aot-train " + value + " ...");
            }
            if (!Files.isReadable(file)) {
                throw new UsageException("--aot " + value + ": the file is not readable");
            }
            return new AotRequest(Mode.USE, file);
        }
        Path dir = file.getParent();
        if (Files.isDirectory(file)) {
            throw new UsageException("--aot-train " + value + " is a directory: give the cache file to write");
        }
        if (dir == null || !Files.isDirectory(dir) || !Files.isWritable(dir)) {
            throw new UsageException("--aot-train " + value + ": the directory " + dir
                    + " does not exist or is not writable");
        }
        return new AotRequest(Mode.TRAIN, file);
    }
}
