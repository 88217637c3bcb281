package org.pgas4j.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A program {@code --native} needs, found on {@code PATH}, with the Debian packages that provide it
 * so that a missing one is reported as "not installed: apt-get install ...".
 */
enum NativeTool {
    /** Open MPI's OpenSHMEM compiler wrapper. */
    OSHCC("oshcc", "openmpi-bin libopenmpi-dev"),
    /** Open MPI's OpenSHMEM launcher. */
    OSHRUN("oshrun", "openmpi-bin"),
    /** Open MPI's MPI compiler wrapper. */
    MPICC("mpicc", "openmpi-bin libopenmpi-dev"),
    /** Open MPI's MPI launcher. */
    MPIRUN("mpirun", "openmpi-bin"),
    /** The C compiler. */
    GCC("gcc", "gcc"),
    /** UCX's own benchmark. */
    UCX_PERFTEST("ucx_perftest", "ucx-utils");

    private final String command;
    private final String packages;

    NativeTool(String command, String packages) {
        this.command = command;
        this.packages = packages;
    }

    /** The command's name. */
    String command() {
        return command;
    }

    /** The executable on {@code PATH}, if there is one. */
    Optional<Path> find() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(":")) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, command);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** What a column says when the tool is missing: {@code not installed: apt-get install PACKAGES (oshcc)}. */
    String notInstalled() {
        return "not installed: apt-get install " + packages + " (" + command + ")";
    }
}
