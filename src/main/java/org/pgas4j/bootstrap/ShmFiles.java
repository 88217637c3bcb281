package org.pgas4j.bootstrap;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the {@code shm} transport keeps its shared files and how they are named:
 * {@code /dev/shm/pgas4j-<jobId>-<rank>-<what>}. The job id is random per job, so a name cannot
 * be guessed, and every file of a job shares the prefix {@code pgas4j-<jobId>-}. The runtime's own
 * files keep their names only for the instant of their creation ({@link HeldFile}); the sweeps
 * here (by the launcher at the end of a job, by a PE when the job fails) remove whatever else a
 * job put there.
 */
public final class ShmFiles {
    /** Prefix of every pgas4j shared file. */
    public static final String PREFIX = "pgas4j-";

    private static final Path DEFAULT_DIRECTORY = Path.of("/dev/shm");

    private ShmFiles() {
    }

    /** The directory of shared files: {@code pgas4j.shm.dir} if set (tests), else {@code /dev/shm}. */
    public static Path directory() {
        String dir = System.getProperty("pgas4j.shm.dir");
        return dir != null ? Path.of(dir) : DEFAULT_DIRECTORY;
    }

    /** Whether this host has a usable shared-memory directory. */
    public static boolean available() {
        Path d = directory();
        return Files.isDirectory(d) && Files.isWritable(d);
    }

    /** The file name prefix shared by every file of {@code jobId}. */
    public static String jobPrefix(String jobId) {
        return PREFIX + jobId + "-";
    }

    /** The path of a PE's file. */
    public static Path file(String jobId, int rank, String what) {
        return directory().resolve(jobPrefix(jobId) + rank + "-" + what);
    }

    /** Bytes free in the shared-memory directory: the bound on the largest segment. */
    public static long largestSegment() {
        try {
            return Files.getFileStore(directory()).getUsableSpace();
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * Removes every shared file of {@code jobId}; returns how many were removed. Safe to call
     * while PEs still have the files mapped: their mappings stay valid until unmapped.
     */
    public static int removeJobFiles(String jobId) {
        return remove(jobPrefix(jobId) + "*");
    }

    /**
     * Removes the shared files of PE {@code rank} of {@code jobId} only (for a launcher that
     * started that PE alone, while other PEs of the job may still use theirs); returns how many.
     */
    public static int removePeFiles(String jobId, int rank) {
        return remove(jobPrefix(jobId) + rank + "-*");
    }

    private static int remove(String glob) {
        int removed = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory(), glob)) {
            for (Path f : files) {
                if (Files.deleteIfExists(f)) {
                    removed++;
                }
            }
        } catch (IOException e) {
            // The directory vanished or is unreadable: nothing of ours can be left there.
        }
        return removed;
    }
}
