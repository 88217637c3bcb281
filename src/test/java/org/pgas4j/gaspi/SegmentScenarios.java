package org.pgas4j.gaspi;

import static org.pgas4j.gaspi.Expect.equal;
import static org.pgas4j.gaspi.Expect.error;
import static org.pgas4j.gaspi.Expect.guard;
import static org.pgas4j.gaspi.Expect.guarded;
import static org.pgas4j.gaspi.Expect.isTrue;
import static org.pgas4j.gaspi.Expect.success;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgas4j.DeviceBuffer;
import org.pgas4j.MemoryKindClass;

/**
 * Segments: GASPI-allocated ones and seed 003's bound ones (the user's buffer as segment 0 in a
 * write_notify ring, with guard patterns around and inside it), every restriction's error code,
 * delete leaving the buffer intact and usable, FILE and DEVICE_SIM segments.
 */
final class SegmentScenarios {
    private static final long T = 60_000;

    private SegmentScenarios() {
    }

    static Map<String, GaspiScenario> all() {
        Map<String, GaspiScenario> m = new LinkedHashMap<>();
        m.put("userBufferAsSegment0InAWriteNotifyRing", SegmentScenarios::ring);
        m.put("allocRegisterCreateAndQueries", SegmentScenarios::allocAndQueries);
        m.put("bindingAnIdInUse", SegmentScenarios::idInUse);
        m.put("eachRestrictionHasItsCode", SegmentScenarios::restrictions);
        m.put("deleteLeavesTheBufferIntactAndUsable", SegmentScenarios::deleteIntact);
        m.put("boundFileSegment", SegmentScenarios::fileSegment);
        m.put("boundDeviceSimSegment", SegmentScenarios::deviceSimSegment);
        m.put("cudaRefusedWithAReasonWithoutADevice", SegmentScenarios::cuda);
        return m;
    }

    /**
     * Every rank binds a buffer it allocated as segment 0 (with guards before and after it),
     * write_notifies 1 KiB to its right neighbour, waits for its left neighbour's notification,
     * checks the data, deletes the segment and checks every byte it did not expect to change.
     */
    static void ring(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        long size = 16 * 1024;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment all = arena.allocate(size + 2 * 4096, 4096);
            guard(all, me);
            MemorySegment buf = all.asSlice(4096, size);
            for (int round = 0; round < 3; round++) {
                success(g.segmentUse(0, MemoryDescription.HOST, buf, size, Gaspi.GROUP_ALL, T), "segmentUse");
                MemorySegment ptr = g.segmentPtr(0);
                isTrue(ptr.address() == buf.address(), "segmentPtr is the user's buffer");
                success(g.writeNotify(0, 0, right, 0, 8192, 1024, me, me + 1 + round, 0, T), "writeNotify");
                int[] first = new int[1];
                success(g.notifyWaitsome(0, left, 1, first, T), "notifyWaitsome");
                equal(left, first[0], "notification id");
                equal(left + 1 + round, g.notifyReset(0, left), "notification value");
                equal(0, g.notifyReset(0, left), "value after reset");
                // Data from left: its bytes [0, 1024) of its own guard pattern land at [8192, 9216) here.
                for (long i = 0; i < 1024; i++) {
                    equal(Expect.pattern(left, 4096 + i), buf.get(ValueLayout.JAVA_BYTE, 8192 + i), "data byte " + i);
                }
                success(g.wait(0, T), "wait");
                success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
                g.segmentDelete(0);
                // Every byte but [8192, 9216) of the segment, and both guards, still hold this rank's pattern:
                // no notification, no management state was ever written into the user's memory.
                guarded(all, 0, 4096 + 8192, me, "guard and buffer before the data");
                guarded(all, 4096 + 8192 + 1024, all.byteSize(), me, "buffer after the data and guard");
                for (long i = 0; i < 1024; i++) {
                    all.set(ValueLayout.JAVA_BYTE, 4096 + 8192 + i, Expect.pattern(me, 4096 + 8192 + i));
                }
                success(g.barrier(Gaspi.GROUP_ALL, T), "barrier before the next round");
            }
        }
    }

    static void allocAndQueries(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        equal(0, g.segmentNum(), "segments at start");
        isTrue(g.segmentMax() == 12, "segment max from the setting: " + g.segmentMax());
        g.segmentAlloc(7, 4096, AllocPolicy.INITIALIZED);
        equal(4096, g.segmentSize(7), "size");
        for (long i = 0; i < 4096; i += 8) {
            equal(0, g.segmentPtr(7).get(ValueLayout.JAVA_LONG, i), "initialised memory");
        }
        for (int r = 0; r < n; r++) {
            success(g.segmentRegister(7, r, T), "register with " + r);
        }
        success(g.segmentCreate(9, 8192, Gaspi.GROUP_ALL, T, AllocPolicy.INITIALIZED), "segmentCreate");
        isTrue(java.util.Arrays.equals(new int[] {7, 9}, g.segmentList()), "list " + java.util.Arrays.toString(g.segmentList()));
        equal(2, g.segmentNum(), "num");
        isTrue(g.segmentDescription(7) instanceof MemoryDescription.Host, "allocated segments are host memory");
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier after register");
        // Everyone writes its rank into slot me of segment 7 on every rank, then reads segment 9 back.
        g.segmentPtr(9).set(ValueLayout.JAVA_LONG, 0, 1000 + me);
        g.segmentPtr(9).set(ValueLayout.JAVA_LONG, 8, 77);
        for (int r = 0; r < n; r++) {
            success(g.write(9, 0, r, 7, 8L * me, 8, 0, T), "write");
        }
        success(g.wait(0, T), "wait");
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier after writes");
        for (int r = 0; r < n; r++) {
            equal(1000 + r, g.segmentPtr(7).get(ValueLayout.JAVA_LONG, 8L * r), "slot " + r);
        }
        int peer = (me + 1) % n;
        success(g.read(9, 16, peer, 9, 0, 8, 0, T), "read");
        success(g.wait(0, T), "wait for read");
        equal(1000 + peer, g.segmentPtr(9).get(ValueLayout.JAVA_LONG, 16), "read value");
        success(g.barrier(Gaspi.GROUP_ALL, T), "barrier before delete");
        g.segmentDelete(7);
        g.segmentDelete(9);
        error(GaspiError.SEGMENT_NOT_FOUND, () -> g.segmentSize(7));
    }

    static void idInUse(Gaspi g) {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment a = arena.allocate(4096, 4096);
            MemorySegment b = arena.allocate(4096, 4096);
            g.segmentBind(3, MemoryDescription.HOST, a, 4096);
            error(GaspiError.SEGMENT_ID_IN_USE, () -> g.segmentBind(3, MemoryDescription.HOST, b, 4096));
            error(GaspiError.SEGMENT_ID_IN_USE, () -> g.segmentAlloc(3, 4096, AllocPolicy.UNINITIALIZED));
            g.segmentAlloc(4, 4096, AllocPolicy.UNINITIALIZED);
            error(GaspiError.SEGMENT_ID_IN_USE, () -> g.segmentBind(4, MemoryDescription.HOST, b, 4096));
            equal(2, g.segmentNum(), "failed binds add nothing");
            g.segmentDelete(3);
            g.segmentDelete(4);
            g.segmentBind(3, MemoryDescription.HOST, b, 4096); // the id is free again
            g.segmentDelete(3);
        }
    }

    static void restrictions(Gaspi g) throws IOException {
        try (Arena arena = Arena.ofShared()) {
            MemorySegment m = arena.allocate(3 * 4096, 4096);
            guard(m, 9);
            error(GaspiError.SEGMENT_ID_OUT_OF_RANGE, () -> g.segmentBind(256, MemoryDescription.HOST, m, 4096));
            error(GaspiError.SEGMENT_ID_OUT_OF_RANGE, () -> g.segmentBind(-1, MemoryDescription.HOST, m, 4096));
            error(GaspiError.INVALID_SIZE, () -> g.segmentBind(1, MemoryDescription.HOST, m, 0));
            error(GaspiError.MEMORY_NOT_NATIVE, () -> g.segmentBind(1, MemoryDescription.HOST,
                    MemorySegment.ofArray(new long[512]), 4096));
            error(GaspiError.MEMORY_READ_ONLY, () -> g.segmentBind(1, MemoryDescription.HOST, m.asReadOnly(), 4096));
            try (Arena confined = Arena.ofConfined()) {
                MemorySegment c = confined.allocate(4096, 4096);
                error(GaspiError.MEMORY_CONFINED, () -> g.segmentBind(1, MemoryDescription.HOST, c, 4096));
            }
            error(GaspiError.MEMORY_TOO_SMALL, () -> g.segmentBind(1, MemoryDescription.HOST, m, 4 * 4096));
            error(GaspiError.MEMORY_NOT_ALIGNED, () -> g.segmentBind(1, MemoryDescription.HOST, m.asSlice(3), 4096));
            error(GaspiError.MEMORY_DESCRIPTION_MISMATCH, () -> g.segmentBind(1, new MemoryDescription.DeviceSim(0), m, 4096));
            error(GaspiError.MEMORY_DESCRIPTION_MISMATCH, () -> g.segmentBind(1, MemoryDescription.HOST, m.address(), 4096));
            error(GaspiError.UNSUPPORTED_MEMORY_DESCRIPTION, () -> g.segmentBind(1, null, m, 4096));
            Path dir = Files.createTempDirectory("gaspi-restrictions");
            Path file = dir.resolve("f");
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE)) {
                MemorySegment map = ch.map(FileChannel.MapMode.READ_WRITE, 0, 3 * 4096, arena);
                MemoryDescription d = new MemoryDescription.File(file);
                error(GaspiError.SIZE_NOT_A_MULTIPLE_OF_PAGESIZE, () -> g.segmentBind(1, d, map, 4096 + 8));
                error(GaspiError.MEMORY_NOT_ALIGNED, () -> g.segmentBind(1, d, map.asSlice(8), 4096));
                error(GaspiError.MEMORY_NOT_A_FILE_MAPPING, () -> g.segmentBind(1, d, m, 4096));
                error(GaspiError.MEMORY_NOT_A_FILE_MAPPING, () -> g.segmentBind(1, new MemoryDescription.File(
                        dir.resolve("other")), map, 4096));
            } finally {
                Files.deleteIfExists(file);
                Files.deleteIfExists(dir);
            }
            g.segmentBind(1, MemoryDescription.HOST, m.asSlice(4096), 4096);
            error(GaspiError.MEMORY_IN_USE, () -> g.segmentBind(2, MemoryDescription.HOST, m, 2 * 4096));
            error(GaspiError.MEMORY_IN_USE, () -> g.segmentBind(2, MemoryDescription.HOST, m.asSlice(8192 - 8), 8));
            g.segmentBind(2, MemoryDescription.HOST, m, 4096); // adjacent, not overlapping
            // Fill up to segment_max, then one more.
            for (int id = 10; g.segmentNum() < g.segmentMax(); id++) {
                g.segmentAlloc(id, 4096, AllocPolicy.UNINITIALIZED);
            }
            error(GaspiError.TOO_MANY_SEGMENTS, () -> g.segmentBind(200, MemoryDescription.HOST, m.asSlice(8192), 4096));
            for (int id : g.segmentList()) {
                g.segmentDelete(id);
            }
            error(GaspiError.SEGMENT_NOT_FOUND, () -> g.segmentDelete(1));
            guarded(m, 0, m.byteSize(), 9, "memory offered to failed and successful binds");
        }
    }

    /** A peer writes into the bound buffer; after delete the buffer holds the data, is usable and can be bound again. */
    static void deleteIntact(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        int right = (me + 1) % n;
        try (Arena arena = Arena.ofShared()) {
            MemorySegment buf = arena.allocate(8192, 4096);
            guard(buf, me);
            success(g.segmentUse(5, MemoryDescription.HOST, buf, 8192, Gaspi.GROUP_ALL, T), "segmentUse");
            g.segmentAlloc(6, 64, AllocPolicy.INITIALIZED);
            g.segmentPtr(6).set(ValueLayout.JAVA_LONG, 0, 0xC0FFEE00L + me);
            success(g.write(6, 0, right, 5, 4000, 8, 0, T), "write");
            success(g.wait(0, T), "wait");
            success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
            g.segmentDelete(5);
            g.segmentDelete(6);
            int left = (me + n - 1) % n;
            equal(0xC0FFEE00L + left, buf.get(ValueLayout.JAVA_LONG_UNALIGNED, 4000), "the peer's data after delete");
            guarded(buf, 0, 4000, me, "buffer before the data");
            guarded(buf, 4008, 8192, me, "buffer after the data");
            buf.fill((byte) 1); // still the application's memory: usable
            equal(0x0101010101010101L, buf.get(ValueLayout.JAVA_LONG, 0), "usable after delete");
            g.segmentBind(5, MemoryDescription.HOST, buf, 8192); // and bindable again
            g.segmentDelete(5);
            equal(0x0101010101010101L, buf.get(ValueLayout.JAVA_LONG, 8184), "untouched by bind and delete");
        }
    }

    /** Each rank maps a file of its own, binds it with segment_use; its left neighbour writes into it; the file keeps the data. */
    static void fileSegment(Gaspi g) throws IOException {
        int me = g.rank();
        int n = g.ranks();
        int right = (me + 1) % n;
        long size = 2 * org.pgas4j.gaspi.PageSize.BYTES;
        Path file = Files.createTempFile("gaspi-file-" + me + "-", ".seg");
        try (Arena arena = Arena.ofShared();
             FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MemorySegment map = ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            success(g.segmentUse(8, new MemoryDescription.File(file), map, size, Gaspi.GROUP_ALL, T), "segmentUse FILE");
            g.segmentAlloc(6, 64, AllocPolicy.INITIALIZED);
            g.segmentPtr(6).set(ValueLayout.JAVA_LONG, 0, 0xF11E0000L + me);
            success(g.writeNotify(6, 0, right, 8, 4096, 8, 0, 1, 0, T), "writeNotify into FILE");
            int[] first = new int[1];
            success(g.notifyWaitsome(8, 0, 1, first, T), "waitsome");
            g.notifyReset(8, 0);
            int left = (me + n - 1) % n;
            equal(0xF11E0000L + left, map.get(ValueLayout.JAVA_LONG, 4096), "data in the mapping");
            success(g.wait(0, T), "wait");
            success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
            g.segmentDelete(8);
            g.segmentDelete(6);
            map.force();
        }
        try {
            byte[] bytes = Files.readAllBytes(file);
            long v = java.nio.ByteBuffer.wrap(bytes, 4096, 8).order(java.nio.ByteOrder.nativeOrder()).getLong();
            equal(0xF11E0000L + (me + n - 1) % n, v, "data in the file after delete");
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Device memory the application allocated, bound as a segment: a peer writes into it, the owner copies it out. */
    static void deviceSimSegment(Gaspi g) {
        int me = g.rank();
        int n = g.ranks();
        int right = (me + 1) % n;
        MemoryDescription d = new MemoryDescription.DeviceSim(0);
        DeviceBuffer buf = g.deviceAllocate(d, 8192);
        try (Arena arena = Arena.ofShared()) {
            MemorySegment host = arena.allocate(8192, 64);
            guard(host, me);
            buf.copyFrom(0, host, 0, 8192);
            success(g.segmentUse(11, d, buf.address(), 8192, Gaspi.GROUP_ALL, T), "segmentUse DEVICE_SIM");
            error(GaspiError.NOT_HOST_ADDRESSABLE, () -> g.segmentPtr(11));
            g.segmentAlloc(6, 256, AllocPolicy.INITIALIZED);
            for (int i = 0; i < 32; i++) {
                g.segmentPtr(6).set(ValueLayout.JAVA_LONG, 8L * i, 0xDE000000L + me * 100 + i);
            }
            success(g.writeNotify(6, 0, right, 11, 1024, 256, 3, 9, 0, T), "writeNotify into DEVICE_SIM");
            int[] first = new int[1];
            success(g.notifyWaitsome(11, 3, 1, first, T), "waitsome");
            equal(9, g.notifyReset(11, 3), "notification value");
            // Read it back through GASPI too: a read from the device segment into the host segment.
            success(g.read(6, 0, me, 11, 1024, 256, 0, T), "read from own device segment");
            success(g.wait(0, T), "wait");
            int left = (me + n - 1) % n;
            for (int i = 0; i < 32; i++) {
                equal(0xDE000000L + left * 100 + i, g.segmentPtr(6).get(ValueLayout.JAVA_LONG, 8L * i), "word " + i);
            }
            success(g.barrier(Gaspi.GROUP_ALL, T), "barrier");
            g.segmentDelete(11);
            g.segmentDelete(6);
            MemorySegment back = arena.allocate(8192, 64);
            buf.copyTo(0, back, 0, 8192);
            guarded(back, 0, 1024, me, "device memory before the data");
            guarded(back, 1280, 8192, me, "device memory after the data");
        } finally {
            buf.free();
        }
    }

    static void cuda(Gaspi g) {
        if (MemoryKindClass.CUDA_UVA.unavailableReason().isEmpty()) {
            return; // a host with a CUDA device: nothing to refuse
        }
        GaspiException e = error(GaspiError.UNSUPPORTED_MEMORY_DESCRIPTION,
                () -> g.segmentBind(1, new MemoryDescription.Cuda(0), 0x10000, 4096));
        isTrue(e.getMessage().contains("cannot be used on this host"), "the reason: " + e.getMessage());
        equal(0, g.segmentNum(), "nothing bound");
    }
}
