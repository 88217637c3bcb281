package org.pgas4j.bootstrap;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The descriptor number behind one of this process's file channels, which Java does not expose,
 * found without a native call (a PE's first native call generates code, tens of milliseconds of
 * CPU that a PE starting without one saves): among the entries of {@code /proc/self/fd} that are
 * the same file (device and inode), the one whose offset ({@code pos} in
 * {@code /proc/self/fdinfo/N}) is a mark just set through the channel. The mark tells this channel
 * apart from other descriptors of the same file that the process may hold (a program's own channel
 * to a FILE segment's file); a random mark that another descriptor happens to share is drawn again.
 */
final class OwnDescriptor {
    private static final Path SELF_FD = Path.of("/proc/self/fd");
    private static final Path SELF_FDINFO = Path.of("/proc/self/fdinfo");
    /** Draws of the mark before giving up: two descriptors at the same random offset again and again is no chance. */
    private static final int DRAWS = 4;

    private OwnDescriptor() {
    }

    /**
     * The number of the descriptor through which {@code channel}, open on {@code path} (which must
     * still have its name), reaches the file. Leaves the channel's position at 0.
     *
     * @throws IOException when no descriptor, or more than one every time, is found
     */
    static int of(FileChannel channel, Path path) throws IOException {
        Object file = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
        if (file == null) {
            throw new IOException("the file system of " + path + " does not identify its files");
        }
        try {
            for (int draw = 0; draw < DRAWS; draw++) {
                // Below 2^31: every file system takes that offset (FAT's files end at 4 GiB).
                long mark = 1 + ThreadLocalRandom.current().nextLong(Integer.MAX_VALUE - 1L);
                channel.position(mark);
                int found = -1;
                int matches = 0;
                try (DirectoryStream<Path> entries = Files.newDirectoryStream(SELF_FD)) {
                    for (Path entry : entries) {
                        if (isAt(entry, file, mark)) {
                            found = Integer.parseInt(entry.getFileName().toString());
                            matches++;
                        }
                    }
                }
                if (matches == 1) {
                    return found;
                }
                if (matches == 0) {
                    throw new IOException("no descriptor of this process is " + path + " at offset " + mark);
                }
            }
            throw new IOException("more than one descriptor of this process is " + path + " at the same offset, "
                    + DRAWS + " times");
        } finally {
            channel.position(0);
        }
    }

    /** Whether descriptor {@code entry} of /proc/self/fd is {@code file} at offset {@code mark}. */
    private static boolean isAt(Path entry, Object file, long mark) throws IOException {
        try {
            if (!file.equals(Files.readAttributes(entry, BasicFileAttributes.class).fileKey())) {
                return false;
            }
            for (String line : Files.readAllLines(SELF_FDINFO.resolve(entry.getFileName()))) {
                if (line.startsWith("pos:")) {
                    return Long.parseLong(line.substring(4).trim()) == mark;
                }
            }
            return false;
        } catch (NoSuchFileException e) {
            return false; // a descriptor that another thread closed meanwhile
        }
    }
}
