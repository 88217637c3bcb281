package org.pgas4j.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shm transport's shared files: two mappings of one file share its bytes, both are plain
 * native segments (the class every transport's hot paths meet, so that code compiled for one
 * transport is not deoptimised on another), and releasing a mapping ends its segment.
 */
@Timeout(60)
class SharedFileTest {
    @TempDir
    Path dir;

    @Test
    void twoMappingsShareTheBytesAndArePlainNativeSegments() {
        SharedFile mine = SharedFile.create(dir.resolve("pgas4j-test-0-ctl"), 8192);
        SharedFile again = SharedFile.open(mine.reference(), 0, 8192);
        try {
            for (MemorySegment s : new MemorySegment[] {mine.segment(), again.segment()}) {
                assertTrue(s.isNative(), "a shared file's mapping must be native memory");
                assertFalse(s.isMapped(), "a shared file's mapping must be a plain native segment, of the class an "
                        + "arena's memory has: " + s.getClass().getName());
                assertEquals(Arena.ofAuto().allocate(8).getClass(), s.getClass());
                assertEquals(8192, s.byteSize());
            }
            mine.segment().set(ValueLayout.JAVA_LONG, 8184, 0x0123_4567_89ab_cdefL);
            assertEquals(0x0123_4567_89ab_cdefL, again.segment().get(ValueLayout.JAVA_LONG, 8184));
            again.segment().set(ValueLayout.JAVA_INT, 0, 42);
            assertEquals(42, mine.segment().get(ValueLayout.JAVA_INT, 0));
        } finally {
            again.release();
            mine.release();
        }
    }

    @Test
    void aReleasedMappingCannotBeReachedAnyMore() {
        SharedFile file = SharedFile.create(dir.resolve("pgas4j-test-0-am"), 4096);
        MemorySegment s = file.segment();
        s.set(ValueLayout.JAVA_BYTE, 0, (byte) 7);
        file.release();
        file.release(); // idempotent
        assertFalse(s.scope().isAlive());
        assertThrows(IllegalStateException.class, () -> s.get(ValueLayout.JAVA_BYTE, 0));
    }

    @Test
    void aFileShorterThanAskedIsRefusedNamingTheOwner() {
        SharedFile file = SharedFile.create(dir.resolve("pgas4j-test-0-short"), 4096);
        try {
            org.pgas4j.ResourceException e = assertThrows(org.pgas4j.ResourceException.class,
                    () -> SharedFile.open(file.reference(), 0, 8192));
            assertTrue(e.getMessage().contains("PE 0") && e.getMessage().contains("4096"), e.getMessage());
        } finally {
            file.release();
        }
    }
}
