package org.pgas4j.internal.kinds;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.Set;
import org.pgas4j.ResourceException;

/**
 * A file mapped shared into this process: writes through the mapping reach the file (and every
 * other process mapping it); {@link #flush} makes a range durable.
 */
public final class MappedFile {
    private final Path path;
    private final Arena arena;
    private final MemorySegment segment;

    private MappedFile(Path path, Arena arena, MemorySegment segment) {
        this.path = path;
        this.arena = arena;
        this.segment = segment;
    }

    /**
     * Maps {@code length} bytes of {@code path} from {@code fileOffset}. With {@code create} the file is created if missing; a file shorter than
     * {@code fileOffset + length} is extended with zeroes when {@code extend} is true, else refused.
     *
     * @throws ResourceException naming the file when it cannot be opened or mapped
     */
    public static MappedFile map(Path path, long fileOffset, long length, boolean create, boolean extend) {
        Set<StandardOpenOption> options = EnumSet.of(StandardOpenOption.READ, StandardOpenOption.WRITE);
        if (create) {
            options.add(StandardOpenOption.CREATE);
        }
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(path, options)) {
            long end = fileOffset + length;
            if (ch.size() < end) {
                if (!extend) {
                    throw new IOException("the file has " + ch.size() + " bytes, fewer than the " + end + " mapped");
                }
                ch.write(ByteBuffer.wrap(new byte[1]), end - 1); // sparse: blocks appear as they are written
            }
            MemorySegment segment = ch.map(FileChannel.MapMode.READ_WRITE, fileOffset, length, arena);
            return new MappedFile(path, arena, segment);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw new ResourceException("cannot map file " + path + " (" + length + " bytes from offset " + fileOffset
                    + "): " + e.getMessage(), e);
        }
    }

    /** The mapping. */
    public MemorySegment segment() {
        return segment;
    }

    /** The file. */
    public Path path() {
        return path;
    }

    /** Writes the pages of {@code [offset, offset + length)} to storage ({@code msync}) and waits for it. */
    public static void flush(MemorySegment mapping, long offset, long length) {
        if (length > 0) {
            mapping.asSlice(offset, length).force(); // the JDK widens the range to whole pages for msync
        }
    }

    /** Unmaps the file (the file itself stays). Idempotent. */
    public void release() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }
}
