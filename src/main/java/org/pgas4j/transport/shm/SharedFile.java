package org.pgas4j.transport.shm;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import org.pgas4j.ResourceException;

/**
 * A shared file in {@code /dev/shm} mapped into this process. The creator makes it with mode
 * 0600 under an unguessable name and removes it when done; peers map it by name. Unmapping is
 * per process, so a peer's mapping outlives the creator's removal of the file.
 */
final class SharedFile {
    private final Path path;
    private final Arena arena;
    private final MemorySegment segment;
    private final boolean owner;

    private SharedFile(Path path, Arena arena, MemorySegment segment, boolean owner) {
        this.path = path;
        this.arena = arena;
        this.segment = segment;
        this.owner = owner;
    }

    /** Creates {@code path} (which must not exist) with {@code bytes} of zeroes, mode 0600, and maps it. */
    static SharedFile create(Path path, long bytes) {
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(path, EnumSet.of(StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
            ch.write(ByteBuffer.wrap(new byte[1]), bytes - 1); // sets the length; tmpfs keeps it sparse
            MemorySegment segment = ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena);
            return new SharedFile(path, arena, segment, true);
        } catch (IOException | RuntimeException e) {
            arena.close();
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // Best effort: the launcher sweeps the job's files at the end anyway.
            }
            throw new ResourceException("cannot create shared file " + path + " of " + bytes + " bytes: " + e, e);
        }
    }

    /** Maps an existing file of at least {@code bytes} bytes created by a peer. */
    static SharedFile open(Path path, long bytes) {
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long actual = ch.size();
            if (actual < bytes) {
                throw new IOException("file has " + actual + " bytes, expected " + bytes);
            }
            MemorySegment segment = ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena);
            return new SharedFile(path, arena, segment, false);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw new ResourceException("cannot map peer's shared file " + path + ": " + e, e);
        }
    }

    MemorySegment segment() {
        return segment;
    }

    Path path() {
        return path;
    }

    /** Unmaps the file; the creator also removes it. Idempotent. */
    void release() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
        if (owner) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // The launcher removes the job's files at the end.
            }
        }
    }
}
