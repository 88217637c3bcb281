package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import org.pgas4j.BadArgumentException;
import org.pgas4j.spi.Completion;

/**
 * Non-fetching atomics to one peer, many to a message. Over tcp UCX emulates each atomic with a
 * message of its own, so a stream of updates cost a {@code send} per update (issue 23: about
 * 300,000 updates a second on loopback, OpenSHMEM's rate too).
 *
 * <p><b>Sending.</b> Once a run of implicit atomics to a peer is {@link #RUN_BEFORE_BATCHING} long
 * (no other operation to it and no completion point between them), each further add, and, or or
 * xor is a 16-byte entry of that peer's batch. A batch leaves as one eager active message when it
 * is full, at a completion point, or at the next progress of the worker by anyone, so an atomic a
 * peer waits for arrives without a quiet.
 *
 * <p><b>Receiving.</b> The target's upcall, run by whatever progresses its worker (its progress
 * agent included: the target takes no part), performs each entry with the processor's atomic
 * instructions on memory this process registered, as UCX's emulation does, so both stay atomic
 * with each other and with same-host atomics. An entry that no live registered region holds,
 * aligned, is refused. The target then owes a cumulative acknowledgement, which completes the
 * peer's batches in order and fails the one with a refused entry, naming it.
 *
 * <p><b>Ordering.</b> UCX's fence does not order messages against RMA, so another operation to the
 * peer first waits until every batch to it is acknowledged ({@link #completeBefore}); and a run
 * does not batch while implicit puts are unflushed (the engine's rule), so a put-with-signal's data
 * still lands before its signal.
 *
 * <p>Entry: {@code [long address | code << 56][long operand]}, code bits 0-2 the
 * {@link UcpAtomicOp}'s ordinal, bit 3 set for a 4-byte word. Batch:
 * {@code [int source][int entries][long sequence]} then the entries. Acknowledgement:
 * {@code [int source][int refused entry or -1][long sequence][long entry word][long operand]}.
 * Used under the engine's lock only (the upcalls run inside {@code ucp_worker_progress}, which
 * the lock guards). Allocates nothing per update.
 */
final class UcxAtomicBatches {
    /** The active-message id of batches (after the lanes and credit returns of {@link UcxMessages}). */
    static final int BATCH_ID = UcxMessages.CREDIT_ID + 1;
    /** The active-message id of acknowledgements. */
    static final int ACK_ID = BATCH_ID + 1;
    /** Entries of one batch: a 4 KiB message. */
    static final int MAX_ENTRIES = 255;
    /** Batches to one peer sent and not yet acknowledged, at most (then the sender progresses). */
    static final int IN_FLIGHT = 32;
    /**
     * Implicit atomics to a peer that go the ordinary way before the next ones of the run batch:
     * another operation to the peer after batched atomics waits a round trip for their
     * acknowledgement, which a run this long pays for, and a shorter one (a put-with-signal's
     * signal, a few updates between puts) never meets.
     */
    static final int RUN_BEFORE_BATCHING = 16;
    private static final int HEADER_BYTES = 16;
    private static final int ENTRY_BYTES = 16;
    private static final int ACK_BYTES = 32;
    private static final int SIZE_4 = 8;
    private static final int NOT_REFUSED = -1;
    private static final byte UCS_OK = 0;
    private static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
    private static final VarHandle LONG = JAVA_LONG.varHandle();
    private static final VarHandle INT = JAVA_INT.varHandle();

    /** One peer's batch being filled, and the batches sent to it awaiting acknowledgement. */
    private static final class Peer {
        final MemorySegment batch;
        int entries;
        Completion completion;
        /** Batches sent; the next one's sequence number. */
        long sent;
        /** Batches the peer has acknowledged (written by the acknowledgement upcall). */
        long acknowledged;
        /** Completion and entry count of each unacknowledged batch, by sequence modulo {@link #IN_FLIGHT}. */
        final Completion[] completions = new Completion[IN_FLIGHT];
        final int[] counts = new int[IN_FLIGHT];
        /** Implicit atomics issued to this peer the ordinary way since its last other operation. */
        int run;

        Peer(Arena arena) {
            batch = arena.allocate(HEADER_BYTES + (long) MAX_ENTRIES * ENTRY_BYTES, 8);
        }
    }

    private final UcxEngine engine;
    private final UcpContext context;
    private final int rank;
    private final Arena arena = Arena.ofShared();
    private final Peer[] peers;
    /** Per source: the highest batch applied and not yet acknowledged (0: nothing owed), and a refusal. */
    private final long[] owed;
    private final int[] owedRefused;
    private final long[] owedWord;
    private final long[] owedOperand;
    private final int[] owing;
    private int owingCount;
    private final MemorySegment ack;
    /** Whether some batch holds entries that no flush has sent yet. */
    private boolean unsent;
    /** Whether some peer's run has begun since the last {@link #endRuns()}. */
    private boolean runs;
    /** Rung when an acknowledgement arrives (a PE thread parked in its wait then looks at once). */
    private final Runnable onAcknowledged;

    /**
     * Creates the batches of PE {@code rank} of a job of {@code size} PEs and installs the two
     * receive upcalls on the engine's worker.
     */
    UcxAtomicBatches(UcxEngine engine, int rank, int size, Runnable onAcknowledged) {
        this.engine = engine;
        this.context = engine.context();
        this.rank = rank;
        this.onAcknowledged = onAcknowledged;
        this.peers = new Peer[size];
        this.owed = new long[size];
        this.owedRefused = new int[size];
        this.owedWord = new long[size];
        this.owedOperand = new long[size];
        this.owing = new int[size];
        this.ack = arena.allocate(ACK_BYTES, 8);
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            MethodType type = MethodType.methodType(byte.class, long.class, long.class, long.class, long.class,
                    long.class, long.class);
            MethodHandle onBatch = lookup.findVirtual(UcxAtomicBatches.class, "onBatch", type).bindTo(this);
            MethodHandle onAck = lookup.findVirtual(UcxAtomicBatches.class, "onAck", type).bindTo(this);
            engine.worker().setAmHandler(BATCH_ID, UcpAmParams.FLAG_WHOLE_MSG,
                    Linker.nativeLinker().upcallStub(onBatch, UcpAmParams.RECV_CALLBACK, arena));
            engine.worker().setAmHandler(ACK_ID, UcpAmParams.FLAG_WHOLE_MSG,
                    Linker.nativeLinker().upcallStub(onAck, UcpAmParams.RECV_CALLBACK, arena));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Whether the next implicit atomic to {@code peer} joins a batch: the {@link #RUN_BEFORE_BATCHING}
     * operations before it to that peer were implicit atomics that went the ordinary way.
     */
    boolean batching(int peer) {
        Peer p = peers[peer];
        return p != null && p.run >= RUN_BEFORE_BATCHING;
    }

    /** Counts an implicit atomic that went to {@code peer} the ordinary way into its run. */
    void countOrdinary(int peer) {
        peer(peer).run++;
        runs = true;
    }

    /**
     * Ends every peer's run (a completion point: {@code waitNbi}, quiet, a barrier): a run is the
     * implicit atomics to one peer between two completion points with no other operation to it, so
     * a signal after a quiet (a lock's hand-over) goes alone, at once, however many came before.
     */
    void endRuns() {
        if (!runs) {
            return;
        }
        runs = false;
        for (Peer p : peers) {
            if (p != null) {
                p.run = 0;
            }
        }
    }

    /** Adds one entry for {@code peer}; sends the batch when it is full. */
    void add(int peer, UcpEndpoint ep, long address, int size, UcpAtomicOp op, long operand, Completion c) {
        Peer p = peers[peer];
        if (p.entries > 0 && p.completion != c) {
            send(peer, ep, p); // a batch signals one completion
        }
        long at = HEADER_BYTES + (long) p.entries * ENTRY_BYTES;
        p.batch.set(JAVA_LONG, at, address | (long) (op.code() | (size == 4 ? SIZE_4 : 0)) << 56);
        p.batch.set(JAVA_LONG, at + 8, operand);
        p.completion = c;
        c.localComplete();
        unsent = true;
        if (++p.entries == MAX_ENTRIES) {
            send(peer, ep, p);
        }
    }

    /**
     * Before another operation to {@code peer}: sends its partial batch and waits until the peer
     * has acknowledged every batch (so the operation lands after them), and ends the run.
     */
    void completeBefore(int peer, UcpEndpoint ep) {
        Peer p = peers[peer];
        if (p == null) {
            return;
        }
        p.run = 0;
        if (p.entries > 0) {
            send(peer, ep, p);
        }
        while (p.acknowledged != p.sent) {
            engine.progressHeld("the acknowledgement of aggregated atomics from PE ", peer);
        }
    }

    /** Sends every partial batch (a completion point: {@code waitNbi}, a barrier). */
    void sendAll() {
        if (!unsent) {
            return;
        }
        unsent = false;
        for (int j = 0; j < peers.length; j++) {
            Peer p = peers[j];
            if (p != null && p.entries > 0) {
                send(j, engine.endpoint(j), p);
            }
        }
    }

    private Peer peer(int peer) {
        Peer p = peers[peer];
        if (p == null) {
            p = new Peer(arena);
            peers[peer] = p;
        }
        return p;
    }

    private void send(int peer, UcpEndpoint ep, Peer p) {
        while (p.sent - p.acknowledged >= IN_FLIGHT) {
            engine.progressHeld("room for aggregated atomics to PE ", peer);
        }
        int slot = (int) (p.sent % IN_FLIGHT);
        p.completions[slot] = p.completion;
        p.counts[slot] = p.entries;
        p.batch.set(JAVA_INT, 0, rank);
        p.batch.set(JAVA_INT, 4, p.entries);
        p.batch.set(JAVA_LONG, 8, p.sent + 1);
        long length = HEADER_BYTES + (long) p.entries * ENTRY_BYTES;
        p.sent++;
        p.entries = 0;
        p.completion = null;
        try {
            engine.await(ep.amSendNbx(BATCH_ID, p.batch, 0, length, UcpAmParams.SEND_FLAG_EAGER), "ucp_am_send_nbx");
        } catch (UcxException e) {
            p.acknowledged = p.sent; // this batch is failed now; earlier ones are left to their acknowledgements
            Completion c = p.completions[slot];
            p.completions[slot] = null;
            fail(c, p.counts[slot], UcxFailures.forCore(e, rank, "PE " + peer));
        }
    }

    /** Sends the acknowledgements owed (after a progress of the worker, outside its upcalls). */
    void sendAcknowledgements() {
        while (owingCount > 0) {
            int source = owing[--owingCount];
            ack.set(JAVA_INT, 0, rank);
            ack.set(JAVA_INT, 4, owedRefused[source]);
            ack.set(JAVA_LONG, 8, owed[source]);
            ack.set(JAVA_LONG, 16, owedWord[source]);
            ack.set(JAVA_LONG, 24, owedOperand[source]);
            owed[source] = 0;
            owedRefused[source] = NOT_REFUSED;
            UcpEndpoint ep = engine.endpoint(source);
            if (ep != null) {
                engine.await(ep.amSendNbx(ACK_ID, ack, 0, ACK_BYTES, UcpAmParams.SEND_FLAG_EAGER), "ucp_am_send_nbx");
            }
        }
    }

    /** The batch upcall: performs every entry, then owes the source an acknowledgement. Never throws. */
    @SuppressWarnings("unused") // called from native code
    private byte onBatch(long arg, long header, long headerLength, long data, long length, long param) {
        try {
            int source = length >= HEADER_BYTES ? ALL.get(JAVA_INT_UNALIGNED, data) : -1;
            int entries = length >= HEADER_BYTES ? ALL.get(JAVA_INT_UNALIGNED, data + 4) : -1;
            if (source < 0 || source >= peers.length || entries < 0 || entries > MAX_ENTRIES
                    || length != HEADER_BYTES + (long) entries * ENTRY_BYTES) {
                engine.fail("a malformed batch of atomics arrived (" + length + " bytes)");
                return UCS_OK;
            }
            long sequence = ALL.get(JAVA_LONG_UNALIGNED, data + 8);
            if (owed[source] == 0) {
                owing[owingCount++] = source;
                owedRefused[source] = NOT_REFUSED;
            }
            owed[source] = sequence;
            for (int i = 0; i < entries; i++) {
                long at = data + HEADER_BYTES + (long) i * ENTRY_BYTES;
                long word = ALL.get(JAVA_LONG_UNALIGNED, at);
                long operand = ALL.get(JAVA_LONG_UNALIGNED, at + 8);
                if (!apply(word, operand) && owedRefused[source] == NOT_REFUSED) {
                    owedRefused[source] = i;
                    owedWord[source] = word;
                    owedOperand[source] = operand;
                }
            }
        } catch (Throwable t) {
            engine.fail("performing a batch of atomics failed: " + t);
        }
        return UCS_OK;
    }

    /** Performs one entry; false when no live registered region holds its word, aligned. */
    private boolean apply(long word, long operand) {
        int code = (int) (word >>> 56);
        int size = (code & SIZE_4) != 0 ? 4 : 8;
        long address = word & 0x00FF_FFFF_FFFF_FFFFL;
        MemorySegment region = address % size == 0 ? context.registeredRegion(address, size) : null;
        if (region == null) {
            return false;
        }
        long offset = address - region.address();
        int op = code & 7;
        // Exact call-site types ((MemorySegment, long, T)T): an unused result would make the call
        // inexact, and an inexact VarHandle call adapts (and allocates) on every update.
        if (size == 8) {
            long unused = switch (op) {
                case 0 -> (long) LONG.getAndAdd(region, offset, operand);
                case 3 -> (long) LONG.getAndBitwiseAnd(region, offset, operand);
                case 4 -> (long) LONG.getAndBitwiseOr(region, offset, operand);
                case 5 -> (long) LONG.getAndBitwiseXor(region, offset, operand);
                default -> Long.MIN_VALUE;
            };
            return op == 0 || op == 3 || op == 4 || op == 5;
        }
        int v = (int) operand;
        int unused = switch (op) {
            case 0 -> (int) INT.getAndAdd(region, offset, v);
            case 3 -> (int) INT.getAndBitwiseAnd(region, offset, v);
            case 4 -> (int) INT.getAndBitwiseOr(region, offset, v);
            case 5 -> (int) INT.getAndBitwiseXor(region, offset, v);
            default -> Integer.MIN_VALUE;
        };
        return op == 0 || op == 3 || op == 4 || op == 5;
    }

    /** The acknowledgement upcall: completes the peer's batches up to the one it names. Never throws. */
    @SuppressWarnings("unused") // called from native code
    private byte onAck(long arg, long header, long headerLength, long data, long length, long param) {
        try {
            int source = length == ACK_BYTES ? ALL.get(JAVA_INT_UNALIGNED, data) : -1;
            Peer p = source >= 0 && source < peers.length ? peers[source] : null;
            long sequence = p != null ? ALL.get(JAVA_LONG_UNALIGNED, data + 8) : -1;
            if (p == null || sequence <= p.acknowledged || sequence > p.sent) {
                engine.fail("a malformed acknowledgement of atomics arrived (" + length + " bytes)");
                return UCS_OK;
            }
            int refused = ALL.get(JAVA_INT_UNALIGNED, data + 4);
            while (p.acknowledged < sequence) {
                int slot = (int) (p.acknowledged % IN_FLIGHT);
                p.acknowledged++;
                Completion c = p.completions[slot];
                p.completions[slot] = null;
                if (refused != NOT_REFUSED && p.acknowledged == sequence) {
                    fail(c, p.counts[slot], refusal(source, refused, ALL.get(JAVA_LONG_UNALIGNED, data + 16),
                            ALL.get(JAVA_LONG_UNALIGNED, data + 24)));
                } else {
                    for (int k = p.counts[slot]; k > 0; k--) {
                        c.remoteComplete();
                    }
                }
            }
            onAcknowledged.run();
        } catch (Throwable t) {
            engine.fail("receiving an acknowledgement of atomics failed: " + t);
        }
        return UCS_OK;
    }

    /**
     * Why PE {@code target} refused an entry (the sender checked the range against the segment,
     * so the segment went away or was never registered there).
     */
    private BadArgumentException refusal(int target, int entry, long word, long operand) {
        int code = (int) (word >>> 56);
        String op = switch (code & 7) {
            case 0 -> "add";
            case 3 -> "and";
            case 4 -> "or";
            default -> "xor";
        };
        return new BadArgumentException("a non-fetching " + op + " of a " + ((code & SIZE_4) != 0 ? 4 : 8)
                + "-byte word at address 0x" + Long.toHexString(word & 0x00FF_FFFF_FFFF_FFFFL) + " of PE " + target
                + " (operand " + operand + ", entry " + entry + " of an aggregated batch from PE " + rank
                + ") was refused by PE " + target + ": no live segment registered there holds that word");
    }

    /** Fails {@code c} for one of its {@code count} operations and completes the others. */
    private static void fail(Completion c, int count, RuntimeException cause) {
        for (int k = count; k > 1; k--) {
            c.remoteComplete();
        }
        c.failed(cause);
    }

    /** Frees the batch memory; call after the worker is destroyed. */
    void close() {
        arena.close();
    }
}
