package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgas4j.testing.SystemComponent;
import org.pgas4j.testing.Needs;

/**
 * Two UCP workers in one JVM, connected by worker address over tcp on 127.0.0.1 and over UCX's
 * default transports: put, get, fetch-add and compare-swap (32 and 64 bit) into memory the
 * target allocated through UCX, with explicit completion (request + progress) and with implicit
 * completion + flush. Skipped when libucp is not installed.
 */
@Timeout(120)
@Needs(SystemComponent.UCX)
class UcxLoopbackTest {
    private static final long CAS64_OLD = 0x1234_5678_9abc_def0L;
    private static final long CAS64_NEW = 0x0fed_cba9_8765_4321L;

    static Stream<Arguments> transports() {
        return Stream.of(Arguments.of("tcp on lo", UcxPair.TCP), Arguments.of("default", UcxPair.DEFAULT));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void explicitCompletion(String name, Map<String, String> settings) {
        try (UcxPair pair = new UcxPair(settings, 4096); Arena arena = Arena.ofConfined()) {
            MemorySegment local = arena.allocate(1024, 64);
            MemorySegment remote = pair.targetMemory.segment();
            UcpEndpoint ep = pair.toTarget;

            fill(local, 0, 100, 7);
            pair.origin.await(ep.putNbx(local, 0, 100, pair.remote(128), pair.rkey), "ucp_put_nbx");
            ep.flush();
            assertArrayEquals(bytes(local, 0, 100), bytes(remote, 128, 100), name + ": put");

            fill(remote, 1024, 300, 11);
            pair.origin.await(ep.getNbx(local, 512, 300, pair.remote(1024), pair.rkey), "ucp_get_nbx");
            assertArrayEquals(bytes(remote, 1024, 300), bytes(local, 512, 300), name + ": get");

            remote.set(JAVA_LONG, 2048, 40);
            assertEquals(40, ep.fetchAdd64(pair.remote(2048), pair.rkey, 2));
            assertEquals(42, remote.get(JAVA_LONG, 2048));
            remote.set(JAVA_LONG, 2056, -1L);
            assertEquals(-1L, ep.fetchAdd64(pair.remote(2056), pair.rkey, 1));
            assertEquals(0L, remote.get(JAVA_LONG, 2056), name + ": 64-bit add carries through the top bits");

            remote.set(JAVA_LONG, 2064, 0x0000_0001_ffff_ffffL);
            assertEquals(0xffff_ffff, ep.fetchAdd32(pair.remote(2064), pair.rkey, 1));
            assertEquals(0x0000_0001_0000_0000L, remote.get(JAVA_LONG, 2064), name + ": 32-bit add stays in its word");

            remote.set(JAVA_LONG, 2072, CAS64_OLD);
            assertEquals(CAS64_OLD, ep.compareSwap64(pair.remote(2072), pair.rkey, CAS64_NEW, 1));
            assertEquals(CAS64_OLD, remote.get(JAVA_LONG, 2072), name + ": a failed 64-bit compare-swap stores nothing");
            assertEquals(CAS64_OLD, ep.compareSwap64(pair.remote(2072), pair.rkey, CAS64_OLD, CAS64_NEW));
            assertEquals(CAS64_NEW, remote.get(JAVA_LONG, 2072));

            remote.set(JAVA_LONG, 2080, 0x7777_7777_0000_0005L);
            assertEquals(5, ep.compareSwap32(pair.remote(2080), pair.rkey, 6, 9));
            assertEquals(5, ep.compareSwap32(pair.remote(2080), pair.rkey, 5, 0x8000_0001));
            assertEquals(0x7777_7777_8000_0001L, remote.get(JAVA_LONG, 2080), name + ": 32-bit compare-swap");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void implicitCompletionWithFlush(String name, Map<String, String> settings) {
        try (UcxPair pair = new UcxPair(settings, 4096); Arena arena = Arena.ofConfined()) {
            MemorySegment local = arena.allocate(1024, 64);
            MemorySegment remote = pair.targetMemory.segment();
            UcpEndpoint ep = pair.toTarget;

            for (int i = 0; i < 8; i++) {
                fill(local, i * 64L, 64, 3 * i + 1);
                ep.putNbi(local, i * 64L, 64, pair.remote(i * 64L), pair.rkey);
            }
            fill(remote, 1024, 256, 5);
            ep.getNbi(local, 768, 256, pair.remote(1024), pair.rkey);
            ep.flush();
            assertArrayEquals(bytes(local, 0, 512), bytes(remote, 0, 512), name + ": puts after an endpoint flush");
            assertArrayEquals(bytes(remote, 1024, 256), bytes(local, 768, 256), name + ": get after an endpoint flush");

            // Atomics: operands at 512.., replies at 640..; every buffer stays untouched until the flush.
            MemorySegment ops = local.asSlice(512, 256);
            remote.set(JAVA_LONG, 2048, 100);
            remote.set(JAVA_INT, 2056, 7);
            remote.set(JAVA_LONG, 2064, CAS64_OLD);
            remote.set(JAVA_INT, 2072, 21);
            ops.set(JAVA_LONG, 0, 5);
            ep.atomicNbi(UcpAtomicOp.ADD, 8, ops, 0, ops, 128, pair.remote(2048), pair.rkey);
            ops.set(JAVA_INT, 8, 3);
            ep.atomicNbi(UcpAtomicOp.ADD, 4, ops, 8, ops, 136, pair.remote(2056), pair.rkey);
            ops.set(JAVA_LONG, 16, CAS64_OLD);
            ops.set(JAVA_LONG, 144, CAS64_NEW);
            ep.atomicNbi(UcpAtomicOp.CSWAP, 8, ops, 16, ops, 144, pair.remote(2064), pair.rkey);
            ops.set(JAVA_INT, 24, 21);
            ops.set(JAVA_INT, 152, -21);
            ep.atomicNbi(UcpAtomicOp.CSWAP, 4, ops, 24, ops, 152, pair.remote(2072), pair.rkey);
            ops.set(JAVA_LONG, 32, 1000);
            ep.atomicNbi(UcpAtomicOp.ADD, 8, ops, 32, null, 0, pair.remote(2048), pair.rkey);
            pair.origin.flush();

            assertEquals(100, ops.get(JAVA_LONG, 128), name + ": fetch-add 64 result");
            assertEquals(7, ops.get(JAVA_INT, 136), name + ": fetch-add 32 result");
            assertEquals(CAS64_OLD, ops.get(JAVA_LONG, 144), name + ": compare-swap 64 result");
            assertEquals(21, ops.get(JAVA_INT, 152), name + ": compare-swap 32 result");
            assertEquals(1105, remote.get(JAVA_LONG, 2048), name + ": two adds after a worker flush");
            assertEquals(10, remote.get(JAVA_INT, 2056));
            assertEquals(CAS64_NEW, remote.get(JAVA_LONG, 2064));
            assertEquals(-21, remote.get(JAVA_INT, 2072));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void memoryTheTargetAlreadyOwnsCanBeRegistered(String name, Map<String, String> settings) {
        try (UcxPair pair = new UcxPair(settings, 4096); Arena arena = Arena.ofConfined()) {
            MemorySegment owned = arena.allocate(8192, 4096);
            MemorySegment local = arena.allocate(512, 64);
            try (UcpMemory region = pair.targetContext.register(owned)) {
                assertEquals(owned.address(), region.address(), name);
                assertTrue(region.segment().byteSize() >= owned.byteSize(), name);
                try (UcpRemoteKey key = pair.toTarget.unpack(region.packedKey())) {
                    fill(local, 0, 256, 9);
                    pair.toTarget.putNbi(local, 0, 256, owned.address() + 5000, key);
                    owned.set(JAVA_LONG, 7000, 77);
                    assertEquals(77, pair.toTarget.fetchAdd64(owned.address() + 7000, key, 3));
                    pair.toTarget.flush();
                    assertArrayEquals(bytes(local, 0, 256), bytes(owned, 5000, 256), name + ": put into registered memory");
                    assertEquals(80, owned.get(JAVA_LONG, 7000), name + ": fetch-add on registered memory");
                    pair.origin.await(pair.toTarget.getNbx(local, 256, 256, owned.address() + 5000, key), "ucp_get_nbx");
                    assertArrayEquals(bytes(owned, 5000, 256), bytes(local, 256, 256), name + ": get");
                }
            }
        }
    }

    @Test
    void tcpStaysOnLoopback() {
        try (UcxPair pair = new UcxPair(UcxPair.TCP, 4096)) {
            pair.toTarget.flush();
            List<String> lanes = lanes(UcpInfo.of(pair.toTarget));
            assertFalse(lanes.isEmpty(), UcpInfo.of(pair.toTarget));
            assertEquals(List.of(), lanes.stream().filter(l -> !l.equals("tcp/lo")).toList(),
                    "every lane is tcp on lo: " + lanes);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void reportsTheLanes(String name, Map<String, String> settings) {
        try (UcxPair pair = new UcxPair(settings, 4096)) {
            pair.toTarget.flush();
            System.out.println(name + ": " + lanes(UcpInfo.of(pair.toTarget)) + "\n" + UcpInfo.of(pair.toTarget));
        }
    }

    /** The transport/device of each lane in {@code ucp_ep_print_info}'s text, e.g. {@code tcp/lo}. */
    private static List<String> lanes(String info) {
        Matcher m = Pattern.compile("lane\\[\\d+\\]:\\s+\\d+:([\\w-]+)/([\\w-]+)").matcher(info);
        List<String> lanes = new ArrayList<>();
        while (m.find()) {
            lanes.add(m.group(1) + "/" + m.group(2));
        }
        return lanes;
    }

    @Test
    void badArgumentsAreRefusedBeforeAnythingIsSent() {
        try (UcxPair pair = new UcxPair(UcxPair.TCP, 4096); Arena arena = Arena.ofConfined()) {
            MemorySegment local = arena.allocate(64, 8);
            UcpEndpoint ep = pair.toTarget;
            assertThrows(IllegalArgumentException.class,
                    () -> ep.putNbx(MemorySegment.ofArray(new byte[8]), 0, 8, pair.remote(0), pair.rkey));
            assertThrows(IndexOutOfBoundsException.class, () -> ep.putNbx(local, 60, 8, pair.remote(0), pair.rkey));
            assertThrows(IllegalArgumentException.class,
                    () -> ep.atomicNbx(UcpAtomicOp.ADD, 2, local, 0, null, 0, pair.remote(0), pair.rkey));
            assertThrows(IllegalArgumentException.class,
                    () -> ep.atomicNbx(UcpAtomicOp.CSWAP, 8, local, 0, null, 0, pair.remote(0), pair.rkey));
            assertThrows(IllegalArgumentException.class, () -> pair.toOrigin.putNbx(local, 0, 8, pair.remote(0),
                    pair.rkey), "a key unpacked on another endpoint");
        }
    }

    @Test
    void closedObjectsAreRefusedInsteadOfCrashing() {
        UcxPair pair = new UcxPair(UcxPair.TCP, 4096);
        UcpRemoteKey second = pair.toTarget.unpack(pair.targetMemory.packedKey());
        second.close();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment local = arena.allocate(64, 8);
            assertThrows(IllegalStateException.class, () -> pair.toTarget.putNbx(local, 0, 8, pair.remote(0), second));
        }
        pair.close();
        assertThrows(IllegalStateException.class, pair.origin::progress);
        assertThrows(IllegalStateException.class, pair.toTarget::flushNbx);
        assertThrows(IllegalStateException.class, () -> pair.originContext.allocate(64));
    }

    @Test
    void aRejectedSettingNamesTheCallAndTheStatus() {
        UcxException e = assertThrows(UcxException.class,
                () -> UcpContext.create(UcpParams.FEATURE_RMA, Map.of("RNDV_THRESH", "bogus")));
        assertEquals("ucp_config_modify(RNDV_THRESH=bogus) failed: Invalid parameter (ucs_status_t -5)", e.getMessage());
        assertEquals(-5, e.status());
    }

    private static void fill(MemorySegment s, long offset, int length, int seed) {
        for (int i = 0; i < length; i++) {
            s.set(JAVA_BYTE, offset + i, (byte) (seed * 31 + i * 7));
        }
    }

    private static byte[] bytes(MemorySegment s, long offset, int length) {
        return s.asSlice(offset, length).toArray(JAVA_BYTE);
    }
}
