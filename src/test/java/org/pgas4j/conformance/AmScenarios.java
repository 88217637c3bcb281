package org.pgas4j.conformance;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.LinkedHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.pgas4j.ActiveMessages;
import org.pgas4j.AmCategory;
import org.pgas4j.AmToken;
import org.pgas4j.BadArgumentException;
import org.pgas4j.BadMessageException;
import org.pgas4j.Client;
import org.pgas4j.Event;
import org.pgas4j.Settings;
import org.pgas4j.Team;

/**
 * Active-message scenarios, run with a 4 MiB primordial segment: Short round trips with 0 to 16
 * arguments, Medium payloads of every interesting size both ways, Long payloads landing at
 * offsets, floods (every PE into PE 0; every PE into every PE) with per-source sequence numbers,
 * and every error: an unregistered or mismatched handler (at the sender and at the receiver), a
 * second reply, blocking calls in a handler, payloads over the maximum or negative, a Long range
 * outside the target segment, bad argument counts. Each scenario registers handler indices of its
 * own (registration is once per client).
 */
final class AmScenarios {
    /** Requests each PE sends into PE 0 in {@link #floodIntoOne}. */
    static final int FLOOD = 20_000;
    /** Medium requests each PE sends to every PE in {@link #mutualMediumFlood}. */
    static final int MUTUAL = 1_500;
    /** Their payload: 1,500 of them overflow a 1 MiB lane. */
    static final int MUTUAL_BYTES = 1024;
    private static final long WAIT_NANOS = 120_000_000_000L;
    private static final long ERROR_WAIT_NANOS = 30_000_000_000L;
    private static final String IN_HANDLER = "inside an active-message handler";

    private AmScenarios() {
    }

    /** Every scenario by name, in the order they run. */
    static Map<String, Scenario> all() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("maximaAndRegistrationRules", AmScenarios::maximaAndRegistrationRules);
        s.put("shortRoundTripsEveryArgCount", AmScenarios::shortRoundTripsEveryArgCount);
        s.put("mediumPayloadsBothDirections", AmScenarios::mediumPayloadsBothDirections);
        s.put("longPayloadsLandAtOffsets", AmScenarios::longPayloadsLandAtOffsets);
        s.put("floodIntoOne", AmScenarios::floodIntoOne);
        s.put("mutualMediumFlood", AmScenarios::mutualMediumFlood);
        s.put("unregisteredHandler", AmScenarios::unregisteredHandler);
        s.put("replyOnceRules", AmScenarios::replyOnceRules);
        s.put("blockingInHandlerThrows", AmScenarios::blockingInHandlerThrows);
        s.put("payloadSizeErrors", AmScenarios::payloadSizeErrors);
        s.put("longOutsideTargetSegment", AmScenarios::longOutsideTargetSegment);
        s.put("argumentCountErrors", AmScenarios::argumentCountErrors);
        return s;
    }

    // ---------------------------------------------------------------- helpers

    /** Polls until {@code done}, failing after two minutes with {@code what}. */
    static void pollUntil(Client c, BooleanSupplier done, String what) {
        long deadline = System.nanoTime() + WAIT_NANOS;
        int i = 0;
        while (!done.getAsBoolean()) {
            c.poll();
            if (++i > 100) {
                Thread.yield();
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("PE " + c.jobRank() + " waited two minutes for " + what);
                }
            }
        }
    }

    /** Polls until a poll throws {@code type}, which it returns; fails after 30 seconds. */
    static <T extends Throwable> T pollUntilThrows(Client c, Class<T> type, String what) {
        long deadline = System.nanoTime() + ERROR_WAIT_NANOS;
        while (System.nanoTime() < deadline) {
            try {
                c.poll();
            } catch (Throwable t) {
                if (type.isInstance(t)) {
                    return type.cast(t);
                }
                throw new AssertionError("expected " + type.getSimpleName() + " for " + what + ", got " + t, t);
            }
            Thread.yield();
        }
        throw new AssertionError("PE " + c.jobRank() + ": no " + type.getSimpleName() + " within 30 s for " + what);
    }

    /**
     * A handler's own check: when it failed, recorded, and reported by the owner of the list. The
     * message is built only then (a handler runs 160,000 times in a flood).
     */
    private static void expect(List<String> problems, boolean ok, Supplier<String> what) {
        if (!ok) {
            synchronized (problems) {
                problems.add(what.get());
            }
        }
    }

    private static void noProblems(List<String> problems, Client c) {
        synchronized (problems) {
            Check.that(problems.isEmpty(), () -> "PE " + c.jobRank() + " handlers found: " + problems);
        }
    }

    private static void fill(MemorySegment m, long offset, long length, int seed) {
        Patterns.fill(m, offset, length, 13, seed * 7 + 1);
    }

    /** The first index where {@code m} at {@code offset} differs from the pattern, or -1. */
    private static long mismatch(MemorySegment m, long offset, long length, int seed) {
        return Patterns.mismatch(m, offset, length, 13, seed * 7 + 1);
    }

    private static MemorySegment mine(Client c) {
        return c.primordialEndpoint().boundSegment().orElseThrow().memory();
    }

    static long expectedMaxMedium() {
        return Settings.AM_RING_SIZE.value() / 8 - 112;
    }

    // ---------------------------------------------------------------- scenarios

    static void maximaAndRegistrationRules(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        for (int r = 0; r < w.size(); r++) {
            Check.equal(expectedMaxMedium(), am.maxRequestMedium(w, r), () -> "maxRequestMedium");
            Check.equal(expectedMaxMedium(), am.maxReplyMedium(w, r), () -> "maxReplyMedium");
            Check.equal(Integer.MAX_VALUE, am.maxRequestLong(w, r), () -> "maxRequestLong");
            Check.equal(Integer.MAX_VALUE, am.maxReplyLong(w, r), () -> "maxReplyLong");
        }
        Check.mentions(Check.fails(BadArgumentException.class, () -> am.maxRequestMedium(w, w.size())).getMessage(),
                "rank " + w.size());
        Check.mentions(Check.fails(BadArgumentException.class, () -> am.maxReplyLong(w, -1)).getMessage(), "rank -1");
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> am.register(127, AmCategory.SHORT, t -> { })).getMessage(), "index 127", "[128, 255]");
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> am.register(256, AmCategory.SHORT, t -> { })).getMessage(), "index 256");
        am.register(160, AmCategory.SHORT, t -> { });
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> am.register(160, AmCategory.MEDIUM, t -> { })).getMessage(), "160", "already registered");
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> am.register(161, null, t -> { })).getMessage(), "category");
        Check.mentions(Check.fails(BadArgumentException.class,
                () -> am.register(162, AmCategory.SHORT, null)).getMessage(), "handler");
        w.barrier();
    }

    /** To every PE (itself included), a request with 0 to 16 arguments; the reply transforms them. */
    static void shortRoundTripsEveryArgCount(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int me = w.rank();
        List<String> problems = new ArrayList<>();
        int[] got = new int[ActiveMessages.MAX_ARGS];
        int[] gotCount = {-1};
        int[] gotSource = {-1};
        AtomicInteger replies = new AtomicInteger();
        am.register(128, AmCategory.SHORT, t -> {
            expect(problems, !t.isReply() && t.category() == AmCategory.SHORT && t.handlerIndex() == 128
                    && t.payloadLength() == 0 && t.payload().byteSize() == 0 && t.endpoint() == 0
                    && t.sourceEndpoint() == 0, () -> "request token " + t.category() + " " + t.handlerIndex());
            int k = t.argCount();
            int[] out = new int[k];
            for (int i = 0; i < k; i++) {
                out[i] = t.arg(i) * 3 + t.sourceJobRank();
            }
            Check.fails(BadArgumentException.class, () -> t.arg(k));
            switch (k) {
                case 0 -> t.replyShort(129);
                case 1 -> t.replyShort(129, out[0]);
                case 2 -> t.replyShort(129, out[0], out[1]);
                case 3 -> t.replyShort(129, out[0], out[1], out[2]);
                case 4 -> t.replyShort(129, out[0], out[1], out[2], out[3]);
                default -> t.replyShort(129, out, k);
            }
        });
        am.register(129, AmCategory.SHORT, t -> {
            expect(problems, t.isReply() && t.handlerIndex() == 129, () -> "reply token");
            gotSource[0] = t.sourceJobRank();
            gotCount[0] = t.argCount();
            for (int i = 0; i < t.argCount(); i++) {
                got[i] = t.arg(i);
            }
            replies.incrementAndGet(); // publishes what the handler stored
        });
        w.barrier();
        for (int target = 0; target < w.size(); target++) {
            for (int k = 0; k <= ActiveMessages.MAX_ARGS; k++) {
                int[] args = new int[k];
                for (int i = 0; i < k; i++) {
                    args[i] = me * 100_000 + target * 1000 + k * 20 + i - 7;
                }
                int before = replies.get();
                switch (k) {
                    case 0 -> am.requestShort(w, target, 128);
                    case 1 -> am.requestShort(w, target, 128, args[0]);
                    case 2 -> am.requestShort(w, target, 128, args[0], args[1]);
                    case 3 -> am.requestShort(w, target, 128, args[0], args[1], args[2]);
                    case 4 -> am.requestShort(w, target, 128, args[0], args[1], args[2], args[3]);
                    default -> am.requestShort(w, target, 128, args, k);
                }
                int t = target;
                int count = k;
                pollUntil(c, () -> replies.get() == before + 1, "the reply to " + count + " args from PE " + t);
                Check.equal(target, gotSource[0], () -> "reply source");
                Check.equal(k, gotCount[0], () -> "reply argument count");
                for (int i = 0; i < k; i++) {
                    int at = i;
                    Check.equal(args[i] * 3 + me, got[i], () -> "reply argument " + at + " of " + count);
                }
            }
        }
        // The array form with fewer arguments than the array holds.
        int before = replies.get();
        am.requestShort(w, (me + 1) % w.size(), 128, new int[] {5, 6, 7}, 2);
        pollUntil(c, () -> replies.get() == before + 1, "the reply to a 2-of-3 array");
        Check.equal(2, gotCount[0], () -> "count of the array form");
        Check.equal(6 * 3 + me, got[1], () -> "second argument of the array form");
        w.barrier();
        noProblems(problems, c);
    }

    /** Sizes 0, 1, odd, page-ish and the maximum, to itself and to the right neighbour, and back. */
    static void mediumPayloadsBothDirections(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int me = w.rank();
        int right = (me + 1) % w.size();
        long max = expectedMaxMedium();
        List<String> problems = new ArrayList<>();
        Arena arena = Arena.ofShared();
        MemorySegment replyBuf = arena.allocate(max);
        fill(replyBuf, 0, max, 50 + me);
        AtomicInteger replies = new AtomicInteger();
        long[] replyLength = {-1};
        am.register(130, AmCategory.MEDIUM, t -> {
            int size = t.arg(0);
            MemorySegment p = t.payload();
            expect(problems, t.category() == AmCategory.MEDIUM && t.payloadLength() == size && p.byteSize() == size,
                    () -> "medium request of " + size + " bytes shows " + t.payloadLength());
            long bad = mismatch(p, 0, size, t.sourceJobRank() + size);
            expect(problems, bad < 0, () -> "medium request of " + size + " from PE " + t.sourceJobRank() + " differs at " + bad);
            expect(problems, t.maxReplyMedium() == max, () -> "maxReplyMedium in the handler " + t.maxReplyMedium());
            t.replyMedium(131, replyBuf, 0, size, size, t.arg(1));
        });
        am.register(131, AmCategory.MEDIUM, t -> {
            long bad = mismatch(t.payload(), 0, t.payloadLength(), 50 + t.sourceJobRank());
            expect(problems, t.payloadLength() == t.arg(0) && bad < 0, () -> "medium reply of " + t.payloadLength()
                    + " bytes (announced " + t.arg(0) + ") from PE " + t.sourceJobRank() + " differs at " + bad);
            replyLength[0] = t.payloadLength();
            replies.incrementAndGet();
        });
        w.barrier();
        long[] sizes = {0, 1, 7, 8, 9, 4095, 4096, 65537, max - 1, max};
        MemorySegment nativeBuf = arena.allocate(max + 3);
        for (int target : new int[] {right, me}) {
            for (long size : sizes) {
                // Odd sizes from a heap segment, the others from native memory at offset 3.
                boolean heap = size % 2 == 1;
                MemorySegment src = heap ? MemorySegment.ofArray(new byte[(int) size]) : nativeBuf;
                long offset = heap ? 0 : 3;
                fill(src, offset, size, me + (int) size);
                int before = replies.get();
                if (size == 0 && target == me) {
                    am.requestMedium(w, target, 130, null, 0, 0, 0, 17);
                } else {
                    am.requestMedium(w, target, 130, src, offset, size, (int) size, 17);
                }
                pollUntil(c, () -> replies.get() == before + 1, "the medium reply of " + size + " bytes");
                Check.equal(size, replyLength[0], () -> "reply length");
            }
        }
        w.barrier();
        noProblems(problems, c);
        arena.close();
    }

    /**
     * Long requests into the right neighbour's segment (a region per source) at odd offsets;
     * the handler checks the bytes in its own segment and replies Long into the requester's.
     */
    static void longPayloadsLandAtOffsets(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int me = w.rank();
        int right = (me + 1) % w.size();
        long region = 256 * 1024;
        long replyRegion = 2L << 20;
        List<String> problems = new ArrayList<>();
        Arena arena = Arena.ofShared();
        MemorySegment buf = arena.allocate(128 * 1024);
        AtomicInteger replies = new AtomicInteger();
        long[] replyAt = {-1, -1};
        am.register(132, AmCategory.LONG, t -> {
            int src = t.sourceJobRank();
            long at = t.longOffset();
            long length = t.payloadLength();
            expect(problems, t.category() == AmCategory.LONG && at == src * region + t.arg(0) && length == t.arg(1),
                    () -> "long request at " + at + " of " + length);
            long bad = mismatch(mine(c), at, length, src * 31 + (int) length);
            expect(problems, bad < 0, () -> "long payload from PE " + src + " in my segment differs at " + bad);
            expect(problems, t.payload().byteSize() == length && mismatch(t.payload(), 0, length, src * 31 + (int) length) < 0,
                    () -> "the token's view of the long payload");
            fill(buf, 0, length, 90 + me); // buf is this PE's: handlers run one at a time
            t.replyLong(133, buf, 0, length, replyRegion + t.arg(0), (int) length);
        });
        am.register(133, AmCategory.LONG, t -> {
            long bad = mismatch(mine(c), t.longOffset(), t.payloadLength(), 90 + t.sourceJobRank());
            expect(problems, bad < 0 && t.payloadLength() == t.arg(0), () -> "long reply from PE " + t.sourceJobRank()
                    + " differs at " + bad);
            replyAt[0] = t.longOffset();
            replyAt[1] = t.payloadLength();
            replies.incrementAndGet();
        });
        w.barrier();
        long[][] cases = {{0, 0}, {1, 1}, {4093, 1000}, {7, 60_000}, {65_536, 65_536}, {100, 8}};
        MemorySegment src = arena.allocate(128 * 1024 + 5);
        for (long[] k : cases) {
            long offset = k[0];
            long length = k[1];
            fill(src, 5, length, me * 31 + (int) length);
            int before = replies.get();
            am.requestLong(w, right, 132, src, 5, length, me * region + offset, (int) offset, (int) length);
            pollUntil(c, () -> replies.get() == before + 1, "the long reply for offset " + offset);
            Check.equal(replyRegion + offset, replyAt[0], () -> "reply offset");
            Check.equal(length, replyAt[1], () -> "reply length");
        }
        w.barrier();
        noProblems(problems, c);
        arena.close();
    }

    /**
     * Every PE (PE 0 included) sends {@link #FLOOD} requests to PE 0, which acknowledges each with
     * a reply. PE 0 checks per-source sequence numbers (none lost, none twice, in order, as shm
     * and local deliver); every sender checks its acknowledgements likewise; then the totals.
     */
    static void floodIntoOne(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int n = w.size();
        List<String> problems = new ArrayList<>();
        int[] next = new int[n];
        AtomicInteger received = new AtomicInteger();
        AtomicInteger acked = new AtomicInteger();
        am.register(134, AmCategory.SHORT, t -> {
            int src = t.sourceJobRank();
            int seq = t.arg(0);
            expect(problems, seq == next[src] && t.arg(1) == ~seq, () -> "PE 0 got seq " + seq + " from PE " + src
                    + ", expected " + next[src]);
            next[src] = seq + 1;
            received.incrementAndGet();
            t.replyShort(135, seq);
        });
        am.register(135, AmCategory.SHORT, t -> {
            expect(problems, t.arg(0) == acked.get() && t.sourceJobRank() == 0, () -> "ack " + t.arg(0) + " after "
                    + acked.get());
            acked.incrementAndGet();
        });
        w.barrier();
        for (int seq = 0; seq < FLOOD; seq++) {
            am.requestShort(w, 0, 134, seq, ~seq, seq * 7);
        }
        pollUntil(c, () -> acked.get() == FLOOD, "the acknowledgements of PE 0 (" + acked.get() + " so far)");
        if (w.rank() == 0) {
            pollUntil(c, () -> received.get() == n * FLOOD, "every flooded request (" + received.get() + " so far)");
        }
        w.barrier();
        noProblems(problems, c);
        if (w.rank() == 0) {
            for (int s = 0; s < n; s++) {
                int src = s;
                Check.equal(FLOOD, next[s], () -> "requests from PE " + src);
            }
            Check.equal((long) n * FLOOD, received.get(), () -> "total requests");
        }
        w.barrier();
    }

    /**
     * Every PE sends {@link #MUTUAL} Medium requests of {@link #MUTUAL_BYTES} bytes to every PE,
     * round-robin, each acknowledged: more than a lane holds, so senders wait for room while
     * their own lanes fill up. Nobody deadlocks; per-source order and payloads hold.
     */
    static void mutualMediumFlood(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int n = w.size();
        int me = w.rank();
        List<String> problems = new ArrayList<>();
        int[] next = new int[n];
        int[] nextAck = new int[n];
        AtomicInteger received = new AtomicInteger();
        AtomicInteger acked = new AtomicInteger();
        am.register(136, AmCategory.MEDIUM, t -> {
            int src = t.sourceJobRank();
            int seq = t.arg(0);
            MemorySegment p = t.payload();
            expect(problems, seq == next[src] && p.byteSize() == MUTUAL_BYTES
                    && p.get(JAVA_BYTE, 0) == (byte) seq && p.get(JAVA_BYTE, MUTUAL_BYTES - 1) == (byte) (seq + src),
                    () -> "medium " + seq + " from PE " + src + ", expected " + next[src]);
            next[src] = seq + 1;
            received.incrementAndGet();
            t.replyShort(137, seq);
        });
        am.register(137, AmCategory.SHORT, t -> {
            int src = t.sourceJobRank();
            expect(problems, t.arg(0) == nextAck[src], () -> "ack " + t.arg(0) + " from PE " + src);
            nextAck[src]++;
            acked.incrementAndGet();
        });
        w.barrier();
        MemorySegment payload = MemorySegment.ofArray(new byte[MUTUAL_BYTES]);
        for (int seq = 0; seq < MUTUAL; seq++) {
            payload.set(JAVA_BYTE, 0, (byte) seq);
            payload.set(JAVA_BYTE, MUTUAL_BYTES - 1, (byte) (seq + me));
            for (int k = 1; k <= n; k++) {
                am.requestMedium(w, (me + k) % n, 136, payload, 0, MUTUAL_BYTES, seq);
            }
        }
        pollUntil(c, () -> acked.get() == n * MUTUAL && received.get() == n * MUTUAL,
                "the mutual flood (" + acked.get() + " acks, " + received.get() + " requests so far)");
        w.barrier();
        noProblems(problems, c);
        for (int s = 0; s < n; s++) {
            int src = s;
            Check.equal(MUTUAL, next[s], () -> "requests from PE " + src);
            Check.equal(MUTUAL, nextAck[s], () -> "acks from PE " + src);
        }
        w.barrier();
    }

    /**
     * The sender refuses an index it has not registered (or registered for another category);
     * the receiver drops and reports a message naming an index it has not registered, or
     * registered for another category, and never runs a handler for it.
     */
    static void unregisteredHandler(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int me = w.rank();
        int n = w.size();
        int right = (me + 1) % n;
        MemorySegment bytes = MemorySegment.ofArray(new byte[16]);
        BadArgumentException e = Check.fails(BadArgumentException.class, () -> am.requestShort(w, right, 140));
        Check.mentions(e.getMessage(), "requestShort", "handler index 140", "not registered", "PE " + me);
        e = Check.fails(BadArgumentException.class, () -> am.requestShort(w, right, 300, 1));
        Check.mentions(e.getMessage(), "handler index 300", "outside [0, 256)");
        AtomicInteger ran = new AtomicInteger();
        if (me == 0) {
            am.register(141, AmCategory.SHORT, t -> ran.incrementAndGet());
        }
        am.register(142, me == 0 ? AmCategory.MEDIUM : AmCategory.SHORT, t -> ran.incrementAndGet());
        if (me != 0) {
            e = Check.fails(BadArgumentException.class, () -> am.requestMedium(w, right, 142, bytes, 0, 16));
            Check.mentions(e.getMessage(), "handler index 142", "registered for SHORT messages, not MEDIUM");
            e = Check.fails(BadArgumentException.class, () -> am.requestShort(w, right, 141));
            Check.mentions(e.getMessage(), "handler index 141", "not registered");
        }
        w.barrier();
        if (n >= 2) {
            if (me == 0) {
                am.requestShort(w, 1, 141, 7);
            }
            if (me == 1) {
                BadMessageException bad = pollUntilThrows(c, BadMessageException.class, "the unregistered handler");
                Check.mentions(bad.getMessage(), "PE 1 dropped", "request from PE 0", "handler index 141",
                        "not registered on PE 1");
            }
            w.barrier();
            if (me == 0) {
                am.requestMedium(w, 1, 142, bytes, 0, 16);
            }
            if (me == 1) {
                BadMessageException bad = pollUntilThrows(c, BadMessageException.class, "the mismatched category");
                Check.mentions(bad.getMessage(), "from PE 0", "handler index 142", "registered for SHORT",
                        "the message is MEDIUM");
                Check.equal(0, ran.get(), () -> "handlers run for dropped messages");
            }
        }
        w.barrier();
    }

    /**
     * A request's handler replies once: a second reply throws; a reply's handler cannot reply; a
     * token kept past its handler cannot reply. Exactly one reply arrives per request.
     */
    static void replyOnceRules(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int right = (w.rank() + 1) % w.size();
        List<String> secondReply = new ArrayList<>();
        List<String> replyToReply = new ArrayList<>();
        AtomicReference<AmToken> kept = new AtomicReference<>();
        AtomicInteger replies = new AtomicInteger();
        int[] lastArg = {0};
        am.register(143, AmCategory.SHORT, t -> {
            t.replyShort(144, 1);
            IllegalStateException e = Check.fails(IllegalStateException.class, () -> t.replyShort(144, 2));
            secondReply.add(e.getMessage());
            e = Check.fails(IllegalStateException.class, () -> t.replyMedium(144, MemorySegment.ofArray(new byte[1]), 0, 1));
            secondReply.add(e.getMessage());
            kept.set(t);
        });
        am.register(144, AmCategory.SHORT, t -> {
            replyToReply.add(Check.fails(IllegalStateException.class, () -> t.replyShort(144, 3)).getMessage());
            lastArg[0] = t.arg(0);
            replies.incrementAndGet();
        });
        w.barrier();
        am.requestShort(w, right, 143);
        pollUntil(c, () -> replies.get() == 1, "the first reply");
        am.requestShort(w, right, 143);
        // A second reply to the first request would arrive before the reply to the second.
        pollUntil(c, () -> replies.get() == 2, "the second reply");
        for (int i = 0; i < 1000; i++) {
            c.poll();
        }
        Check.equal(2, replies.get(), () -> "replies to two requests");
        Check.equal(1, lastArg[0], () -> "argument of the reply");
        w.barrier();
        Check.equal(4, secondReply.size(), () -> "second replies attempted");
        for (String m : secondReply) {
            Check.mentions(m, "already replied", "at most once");
        }
        Check.equal(2, replyToReply.size(), () -> "replies attempted by reply handlers");
        for (String m : replyToReply) {
            Check.mentions(m, "handler of a reply", "cannot reply");
        }
        IllegalStateException e = Check.fails(IllegalStateException.class, () -> kept.get().replyShort(144));
        Check.mentions(e.getMessage(), "valid only while its handler runs");
        Check.fails(IllegalStateException.class, () -> kept.get().payload());
        w.barrier();
    }

    /** In a handler, every blocking or collective call throws, naming the rule; the client stays usable. */
    static void blockingInHandlerThrows(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int right = (w.rank() + 1) % w.size();
        List<String> problems = new ArrayList<>();
        AtomicInteger checked = new AtomicInteger();
        AtomicInteger replies = new AtomicInteger();
        Event pending = c.collectives().barrierNB(w); // completes once every PE has issued it
        Map<String, Runnable> calls = new LinkedHashMap<>();
        calls.put("Event.waitFor", pending::waitFor);
        calls.put("Event.waitSome", () -> Event.waitSome(pending));
        calls.put("barrier", w::barrier);
        calls.put("waitNbi", () -> c.rma().waitNbi());
        calls.put("poll", c::poll);
        calls.put("close", c::close);
        calls.put("sync", () -> c.collectives().sync(w));
        calls.put("barrierNB", () -> c.collectives().barrierNB(w));
        calls.put("split", () -> w.split(0, 0));
        calls.put("requestShort", () -> am.requestShort(w, 0, 146));
        calls.put("requestMedium", () -> am.requestMedium(w, 0, 146, null, 0, 0));
        am.register(145, AmCategory.SHORT, t -> {
            for (Map.Entry<String, Runnable> call : calls.entrySet()) {
                try {
                    call.getValue().run();
                    expect(problems, false, () -> call.getKey() + " in a handler did not throw");
                } catch (IllegalStateException e) {
                    String op = call.getKey().equals("sync") ? "barrier" : call.getKey();
                    expect(problems, e.getMessage().contains(IN_HANDLER) && e.getMessage().contains(op + " on PE"),
                            () -> call.getKey() + " threw " + e.getMessage());
                }
                checked.incrementAndGet();
            }
            t.replyShort(146);
        });
        am.register(146, AmCategory.SHORT, t -> replies.incrementAndGet());
        w.barrier();
        am.requestShort(w, right, 145);
        pollUntil(c, () -> replies.get() == 1, "the reply of the blocking handler");
        w.barrier();
        noProblems(problems, c);
        Check.equal(calls.size(), checked.get(), () -> "calls tried in the handler");
        Check.that(!c.isClosed(), () -> "close() in a handler closed the client");
        pending.waitFor();
        w.barrier(); // the client is fully usable afterwards
    }

    /** Medium over the maximum or negative, at the sender and in a reply; Long negative or over its maximum. */
    static void payloadSizeErrors(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int right = (w.rank() + 1) % w.size();
        long max = am.maxRequestMedium(w, right);
        Arena arena = Arena.ofShared();
        MemorySegment buf = arena.allocate(max + 1);
        List<String> problems = new ArrayList<>();
        AtomicInteger replies = new AtomicInteger();
        long[] replyLength = {-1};
        am.register(147, AmCategory.MEDIUM, t -> {
            long m = t.maxReplyMedium();
            BadArgumentException over = Check.fails(BadArgumentException.class, () -> t.replyMedium(148, buf, 0, m + 1));
            expect(problems, over.getMessage().contains("payload length " + (m + 1))
                    && over.getMessage().contains("maxReplyMedium"), () -> "over-long reply: " + over.getMessage());
            BadArgumentException negative = Check.fails(BadArgumentException.class, () -> t.replyMedium(148, buf, 0, -2));
            expect(problems, negative.getMessage().contains("payload length -2"), () -> "negative reply: " + negative.getMessage());
            t.replyMedium(148, buf, 0, m); // the refused attempts were no replies
        });
        am.register(148, AmCategory.MEDIUM, t -> {
            replyLength[0] = t.payloadLength();
            replies.incrementAndGet();
        });
        am.register(149, AmCategory.LONG, t -> { });
        BadArgumentException e = Check.fails(BadArgumentException.class,
                () -> am.requestMedium(w, right, 147, buf, 0, max + 1));
        Check.mentions(e.getMessage(), "requestMedium", "payload length " + (max + 1), "[0, " + max + "]",
                "maxRequestMedium");
        e = Check.fails(BadArgumentException.class, () -> am.requestMedium(w, right, 147, buf, 0, -1, 5));
        Check.mentions(e.getMessage(), "payload length -1");
        e = Check.fails(BadArgumentException.class,
                () -> am.requestMedium(w, right, 147, MemorySegment.ofArray(new byte[100]), 1, 100));
        Check.mentions(e.getMessage(), "offset 1 and length 100", "outside the local buffer", "[0, 100)");
        e = Check.fails(BadArgumentException.class, () -> am.requestMedium(w, right, 147, null, 0, 8));
        Check.mentions(e.getMessage(), "payload is null");
        e = Check.fails(BadArgumentException.class, () -> am.requestLong(w, right, 149, buf, 0, -1, 0));
        Check.mentions(e.getMessage(), "requestLong", "payload length -1", "maxRequestLong");
        e = Check.fails(BadArgumentException.class,
                () -> am.requestLong(w, right, 149, buf, 0, ActiveMessages.MAX_LONG_PAYLOAD + 1, 0));
        Check.mentions(e.getMessage(), "payload length " + (ActiveMessages.MAX_LONG_PAYLOAD + 1),
                "[0, " + ActiveMessages.MAX_LONG_PAYLOAD + "]");
        w.barrier();
        am.requestMedium(w, right, 147, buf, 0, max);
        pollUntil(c, () -> replies.get() == 1, "the maximal reply");
        Check.equal(am.maxReplyMedium(w, right), replyLength[0], () -> "maximal reply length");
        w.barrier();
        noProblems(problems, c);
        arena.close();
    }

    /** A Long range outside the target segment is refused before anything is written, for requests and replies. */
    static void longOutsideTargetSegment(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int me = w.rank();
        int right = (me + 1) % w.size();
        long size = mine(c).byteSize();
        long sentinelAt = size - 16;
        MemorySegment src = MemorySegment.ofArray(new byte[64]);
        List<String> problems = new ArrayList<>();
        AtomicInteger replies = new AtomicInteger();
        am.register(150, AmCategory.LONG, t -> {
            BadArgumentException e = Check.fails(BadArgumentException.class,
                    () -> t.replyLong(151, src, 0, 17, size - 16));
            expect(problems, e.getMessage().contains("replyLong") && e.getMessage().contains("[0, " + size + ")"),
                    () -> "long reply outside: " + e.getMessage());
            t.replyLong(151, src, 0, 0, 0);
        });
        am.register(151, AmCategory.LONG, t -> replies.incrementAndGet());
        c.rma().putLong(w, me, sentinelAt, 0x5e57_1e11L);
        w.barrier();
        BadArgumentException e = Check.fails(BadArgumentException.class,
                () -> am.requestLong(w, right, 150, src, 0, 17, size - 16));
        Check.mentions(e.getMessage(), "requestLong", "offset " + (size - 16), "length 17", "[0, " + size + ")",
                "PE " + right);
        e = Check.fails(BadArgumentException.class, () -> am.requestLong(w, right, 150, src, 0, 8, -1));
        Check.mentions(e.getMessage(), "offset -1");
        e = Check.fails(BadArgumentException.class, () -> am.requestLong(w, right, 150, src, 60, 8, 0));
        Check.mentions(e.getMessage(), "outside the local buffer");
        am.requestLong(w, right, 150, src, 0, 0, size); // empty at the very end: inside
        pollUntil(c, () -> replies.get() == 1, "the reply of the long handler");
        w.barrier();
        Check.equal(0x5e57_1e11L, c.rma().getLong(w, me, sentinelAt), () -> "bytes next to a refused Long");
        noProblems(problems, c);
        w.barrier();
    }

    static void argumentCountErrors(Client c) {
        Team w = c.world();
        ActiveMessages am = c.am();
        int right = (w.rank() + 1) % w.size();
        am.register(152, AmCategory.SHORT, t -> { });
        w.barrier();
        BadArgumentException e = Check.fails(BadArgumentException.class,
                () -> am.requestShort(w, right, 152, new int[17], 17));
        Check.mentions(e.getMessage(), "argument count 17", "[0, 16]");
        e = Check.fails(BadArgumentException.class, () -> am.requestShort(w, right, 152, new int[3], 4));
        Check.mentions(e.getMessage(), "argument count 4", "3-element array");
        e = Check.fails(BadArgumentException.class, () -> am.requestShort(w, right, 152, new int[3], -1));
        Check.mentions(e.getMessage(), "argument count -1");
        e = Check.fails(BadArgumentException.class, () -> am.requestShort(w, right, 152, null, 1));
        Check.mentions(e.getMessage(), "argument array is null");
        e = Check.fails(BadArgumentException.class, () -> am.requestShort(w, w.size(), 152));
        Check.mentions(e.getMessage(), "rank " + w.size());
        w.barrier();
    }
}
