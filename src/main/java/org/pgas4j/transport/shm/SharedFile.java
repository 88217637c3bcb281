package org.pgas4j.transport.shm;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.pgas4j.ResourceException;
import org.pgas4j.bootstrap.HeldFile;

/**
 * A shared file in {@code /dev/shm} mapped into this process. The creator makes it with mode 0600
 * under an unguessable name, removes the name at once and holds the file open
 * ({@link HeldFile}); same-host peers open it through the creator's descriptor and map it. The
 * kernel frees it when the last mapping goes, so no file outlives the job's processes, however
 * they end.
 */
final class SharedFile {
    private final Arena arena;
    private final MemorySegment segment;
    private final HeldFile held;

    private SharedFile(Arena arena, MemorySegment segment, HeldFile held) {
        this.arena = arena;
        this.segment = segment;
        this.held = held;
    }

    /** Creates {@code path} (which must not exist) with {@code bytes} of zeroes, maps it and removes its name. */
    static SharedFile create(Path path, long bytes) {
        HeldFile held = HeldFile.create(path, bytes);
        Arena arena = Arena.ofShared();
        try {
            return new SharedFile(arena, plain(held.channel().map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena), arena),
                    held);
        } catch (IOException | RuntimeException e) {
            arena.close();
            held.close();
            throw new ResourceException("cannot map shared file " + path + " of " + bytes + " bytes: " + e, e);
        }
    }

    /** Maps the first {@code bytes} bytes of the file PE {@code owner} holds under {@code reference}. */
    static SharedFile open(HeldFile.Reference reference, int owner, long bytes) {
        Arena arena = Arena.ofShared();
        try (FileChannel ch = HeldFile.open(reference, owner)) {
            long actual = ch.size();
            if (actual < bytes) {
                throw new IOException("file has " + actual + " bytes, expected " + bytes);
            }
            return new SharedFile(arena, plain(ch.map(FileChannel.MapMode.READ_WRITE, 0, bytes, arena), arena), null);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e instanceof ResourceException r ? r
                    : new ResourceException("cannot map the shared file of PE " + owner + ": " + e, e);
        }
    }

    /**
     * The mapping as a plain native segment of the same arena, which unmaps it when closed. The
     * runtime's hot paths (message rings, control regions, barriers) then meet one segment class
     * on every transport: the JDK's mapped segments are a class of their own, and code that the
     * JIT (or pgas4j's AOT cache, trained over shm) had specialised for one of the two was
     * deoptimised and compiled again on meeting the other, over and over in a ucx job
     * (docs/benchmarks.md, issue 23). Nothing here needs what only a mapped segment does
     * ({@code force}, {@code load}): the file is shared memory, not storage.
     */
    private static MemorySegment plain(MemorySegment mapped, Arena arena) {
        return MemorySegment.ofAddress(mapped.address()).reinterpret(mapped.byteSize(), arena, null);
    }

    MemorySegment segment() {
        return segment;
    }

    /** What peers open this file with; only for a file this process created. */
    HeldFile.Reference reference() {
        return held.reference();
    }

    /** Unmaps the file; the creator also closes its descriptor, after which peers cannot open it. Idempotent. */
    void release() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
        if (held != null) {
            held.close();
        }
    }
}
