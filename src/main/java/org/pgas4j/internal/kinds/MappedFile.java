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
import org.pgas4j.bootstrap.HeldFile;

/**
 * A file mapped shared into this process: writes through the mapping reach the file (and every
 * other process mapping it); {@link #flush} makes a range durable.
 */
public final class MappedFile {
    private final Path path;
    private final Arena arena;
    private final MemorySegment segment;
    /** The descriptor this process holds for its peers (a file it created or published), else null. */
    private final HeldFile held;

    private MappedFile(Path path, Arena arena, MemorySegment segment, HeldFile held) {
        this.path = path;
        this.arena = arena;
        this.segment = segment;
        this.held = held;
    }

    /**
     * Creates {@code path} (which must not exist) with {@code length} zero bytes, maps it and removes
     * its name: same-host peers open it through {@link #reference()}, and the kernel frees it when
     * the last process mapping it ends.
     *
     * @throws ResourceException naming the file when it cannot be created or mapped
     */
    public static MappedFile createHeld(Path path, long length) {
        HeldFile held = HeldFile.create(path, length);
        Arena arena = Arena.ofShared();
        try {
            return new MappedFile(path, arena, held.channel().map(FileChannel.MapMode.READ_WRITE, 0, length, arena), held);
        } catch (IOException | RuntimeException e) {
            arena.close();
            held.close();
            throw new ResourceException("cannot map file " + path + " (" + length + " bytes): " + e.getMessage(), e);
        }
    }

    /**
     * Maps {@code length} bytes from {@code fileOffset} of the file that PE {@code owner} holds
     * under {@code reference} ({@link HeldFile#open}).
     *
     * @throws ResourceException when the file cannot be opened or is too short
     */
    public static MappedFile openHeld(HeldFile.Reference reference, int owner, long fileOffset, long length) {
        Arena arena = Arena.ofShared();
        try (FileChannel ch = HeldFile.open(reference, owner)) {
            long end = fileOffset + length;
            if (ch.size() < end) {
                throw new IOException("the file has " + ch.size() + " bytes, fewer than the " + end + " mapped");
            }
            return new MappedFile(null, arena, ch.map(FileChannel.MapMode.READ_WRITE, fileOffset, length, arena), null);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e instanceof ResourceException r ? r : new ResourceException("cannot map the file of PE " + owner
                    + " (" + length + " bytes from offset " + fileOffset + "): " + e.getMessage(), e);
        }
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
            return new MappedFile(path, arena, segment, null);
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

    /** The file (null for a peer's file opened through its reference). */
    public Path path() {
        return path;
    }

    /** What peers open a file made by {@link #createHeld} with. */
    public HeldFile.Reference reference() {
        return held.reference();
    }

    /** Writes the pages of {@code [offset, offset + length)} to storage ({@code msync}) and waits for it. */
    public static void flush(MemorySegment mapping, long offset, long length) {
        if (length > 0) {
            mapping.asSlice(offset, length).force(); // the JDK widens the range to whole pages for msync
        }
    }

    /** Unmaps the file and closes the descriptor held for peers, if any (a named file itself stays). Idempotent. */
    public void release() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
        if (held != null) {
            held.close();
        }
    }
}
