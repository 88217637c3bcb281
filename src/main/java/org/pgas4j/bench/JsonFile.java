package org.pgas4j.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pgas4j.launcher.UsageException;

/** The {@code --json FILE} of a benchmark: checked before anything runs, written at the end. */
final class JsonFile {
    private JsonFile() {
    }

    /**
     * Fails when {@code file} (if given) names a directory.
     *
     * @param bench the benchmark's name, for the message
     * @throws UsageException naming the option and the directory
     */
    static void check(String bench, Path file) {
        if (file != null && Files.isDirectory(file)) {
            throw new UsageException("bench " + bench + ": --json " + file + " is a directory; give a file name");
        }
    }

    /**
     * Writes {@code json} to {@code file}, creating its parent directories.
     *
     * @throws BenchFailure naming the file and the cause when it cannot be written
     */
    static void write(Path file, String json) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(file, json);
        } catch (IOException e) {
            throw new BenchFailure("cannot write the JSON file " + file + ": " + e.getMessage(), e);
        }
    }
}
