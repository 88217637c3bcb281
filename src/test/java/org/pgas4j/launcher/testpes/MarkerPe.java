package org.pgas4j.launcher.testpes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Creates a file in directory {@code args[0]}: proof that a PE was spawned. */
public final class MarkerPe {
    private MarkerPe() {
    }

    /** @param args the directory */
    public static void main(String[] args) throws IOException {
        Files.createFile(Path.of(args[0], "marker-" + ProcessHandle.current().pid()));
    }
}
