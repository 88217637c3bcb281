package org.pgas4j.transport.ucx;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.pgas4j.AtomicOp;
import org.pgas4j.AtomicResult;
import org.pgas4j.AtomicType;
import org.pgas4j.Atomics;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.Event;
import org.pgas4j.Peer;
import org.pgas4j.Rma;
import org.pgas4j.Team;
import org.pgas4j.shmem.Cmp;
import org.pgas4j.shmem.Shmem;
import org.pgas4j.shmem.ShmemType;
import org.pgas4j.shmem.SymmetricArray;

/**
 * A 2-PE job of {@link UcxNbiAtomicsTest} over ucx: PE 0 issues non-fetching atomics on PE 1's
 * memory that the ucx transport starts without waiting, and each scenario checks they are all
 * complete at one completion point (waitNbi, barrier, shmem quiet, shmem fence before a flag),
 * that this PE's own fetching atomic after them sees them, that non-blocking fetching atomics
 * return the right values with many in flight, and that refused ones name the operation. Prints
 * {@code OK NAME} per passed scenario; throws (failing the job) otherwise.
 */
public final class UcxNbiAtomicsPe {
    private static final int WORDS = 512;
    private static final int UPDATES = 20_000;

    private UcxNbiAtomicsPe() {
    }

    /**
     * Runs one PE.
     *
     * @param args {@code core} or {@code shmem}
     */
    public static void main(String[] args) {
        if (args[0].equals("shmem")) {
            shmem();
        } else {
            core();
        }
    }

    private static void core() {
        try (Client client = Client.init()) {
            Team world = client.world();
            Rma rma = client.rma();
            Atomics atomics = client.atomics();
            MemorySegment own = client.primordialEndpoint().boundSegment().orElseThrow().memory();
            boolean origin = world.rank() == 0;
            world.barrier();

            // 1. waitNbi completes many in-flight xors to random words (Peer form), checked by the owner.
            if (origin) {
                Peer peer = rma.peer(world, 1);
                long s = 1;
                for (int i = 0; i < UPDATES; i++) {
                    s = next(s);
                    atomics.xorLong(peer, (s >>> 11 & (WORDS - 1)) * 8, s);
                }
                check(rma.nbiOutstanding() > 0, "xors over ucx should be outstanding before waitNbi");
                rma.waitNbi();
                check(rma.nbiOutstanding() == 0, "waitNbi left " + rma.nbiOutstanding() + " outstanding");
            }
            world.barrier();
            if (!origin) {
                long[] expected = new long[WORDS];
                long s = 1;
                for (int i = 0; i < UPDATES; i++) {
                    s = next(s);
                    expected[(int) (s >>> 11 & (WORDS - 1))] ^= s;
                }
                for (int w = 0; w < WORDS; w++) {
                    long v = own.get(ValueLayout.JAVA_LONG, w * 8L);
                    check(v == expected[w], "word " + w + " is " + v + ", expected " + expected[w]);
                }
            }
            pass(world, "waitNbi");

            // 2. A barrier completes them (team form, long and int, add/inc/sub via op/and/or); no waitNbi.
            long base = WORDS * 8L;
            if (origin) {
                for (int i = 0; i < UPDATES; i++) {
                    atomics.addLong(world, 1, base, 3);
                    atomics.incLong(world, 1, base + 8);
                    atomics.addInt(world, 1, base + 16, -1);
                    atomics.op(world, 1, base + 24, AtomicType.LONG, AtomicOp.SUB, 2, 0);
                }
                atomics.orLong(world, 1, base + 32, 0xF0);
                atomics.andLong(world, 1, base + 32, 0x3C);
            }
            world.barrier();
            if (!origin) {
                check(own.get(ValueLayout.JAVA_LONG, base) == 3L * UPDATES, "addLong total");
                check(own.get(ValueLayout.JAVA_LONG, base + 8) == UPDATES, "incLong total");
                check(own.get(ValueLayout.JAVA_INT, base + 16) == -UPDATES, "addInt total");
                check(own.get(ValueLayout.JAVA_LONG, base + 24) == -2L * UPDATES, "op SUB total");
                check(own.get(ValueLayout.JAVA_LONG, base + 32) == 0x30, "or then and");
            }
            pass(world, "barrier");

            // 3. This PE's own fetching atomic right after implicit ones sees them (ordered, no waitNbi).
            if (origin) {
                for (int i = 0; i < 1000; i++) {
                    atomics.addLong(world, 1, base + 40, 1);
                }
                long seen = atomics.fetchAddLong(world, 1, base + 40, 0);
                check(seen == 1000, "fetchAddLong after 1000 implicit adds saw " + seen);
                rma.waitNbi();
            }
            pass(world, "ordered");

            // 4. Non-blocking fetching atomics, 64 in flight at a time: every fetched value is distinct and in range.
            if (origin) {
                AtomicResult[] results = new AtomicResult[64];
                Event[] events = new Event[64];
                for (int k = 0; k < 64; k++) {
                    results[k] = new AtomicResult();
                }
                long sum = 0;
                int rounds = 100;
                for (int r = 0; r < rounds; r++) {
                    for (int k = 0; k < 64; k++) {
                        events[k] = atomics.opNB(results[k], world, 1, base + 48, AtomicType.LONG, AtomicOp.FADD, 1, 0);
                    }
                    Event.waitAll(events);
                    for (AtomicResult a : results) {
                        sum += a.asLong();
                    }
                }
                long n = 64L * rounds;
                check(sum == n * (n - 1) / 2, "opNB FADD fetched values sum to " + sum);
                AtomicResult swapped = new AtomicResult();
                atomics.opNB(swapped, world, 1, base + 48, AtomicType.LONG, AtomicOp.SWAP, 7, 0).waitFor();
                check(swapped.asLong() == n, "opNB SWAP fetched " + swapped.asLong());
                atomics.opNB(swapped, world, 1, base + 48, AtomicType.LONG, AtomicOp.FCAS, 7, 9).waitFor();
                check(swapped.asLong() == 7 && atomics.getLong(world, 1, base + 48) == 9, "opNB FCAS");
                AtomicResult i32 = new AtomicResult();
                atomics.opNB(i32, world, 1, base + 16, AtomicType.INT, AtomicOp.FADD, 1, 0).waitFor();
                check(i32.asInt() == -UPDATES, "opNB FADD on an int fetched " + i32.asInt());
                atomics.opNB(null, world, 1, base + 56, AtomicType.LONG, AtomicOp.ADD, 5, 0).waitFor();
                check(atomics.getLong(world, 1, base + 56) == 5, "opNB ADD (non-fetching) then getLong");
            }
            pass(world, "opNB");

            // 5. Refused before anything is sent, naming the operation.
            if (origin) {
                Peer peer = rma.peer(world, 1);
                refused(() -> atomics.xorLong(peer, 4, 1), "xorLong");
                refused(() -> atomics.addLong(world, 1, own.byteSize(), 1), "addLong");
                refused(() -> atomics.xorInt(peer, 2, 1), "xorInt");
                check(rma.nbiOutstanding() == 0, "a refused atomic left something outstanding");
            }
            pass(world, "refused");
        }
    }

    private static void shmem() {
        try (Shmem s = Shmem.init()) {
            SymmetricArray counter = s.malloc(ShmemType.ULONG, 4); // bitwise AMOs need an unsigned type
            SymmetricArray flag = s.malloc(ShmemType.LONG, 2);
            s.barrierAll();
            boolean origin = s.myPe() == 0;
            // quiet: the adds are complete, then a flag tells PE 1.
            if (origin) {
                for (int i = 0; i < UPDATES; i++) {
                    s.ctxDefault().atomicAdd(counter, 0, 2, 1);
                }
                s.quiet();
                s.ctxDefault().atomicSet(flag, 0, 1, 1);
            } else {
                s.waitUntil(flag, 0, Cmp.EQ, 1);
                check(s.ctxDefault().atomicFetch(counter, 0, 1) == 2L * UPDATES, "atomicAdd total after quiet");
            }
            s.barrierAll();
            if (!origin) {
                System.out.println("OK shmem-quiet");
            }
            // fence: the xors are delivered before the flag that follows them.
            if (origin) {
                for (int i = 0; i < UPDATES; i++) {
                    s.ctxDefault().atomicXor(counter, 1, i, 1);
                }
                s.fence();
                s.ctxDefault().atomicSet(flag, 1, 1, 1);
                s.quiet();
            } else {
                s.waitUntil(flag, 1, Cmp.EQ, 1);
                long expected = 0;
                for (int i = 0; i < UPDATES; i++) {
                    expected ^= i;
                }
                check(s.ctxDefault().atomicFetch(counter, 1, 1) == expected, "atomicXor total after fence");
            }
            s.barrierAll();
            if (!origin) {
                System.out.println("OK shmem-fence");
            }
            // fetching nbi: complete at quiet.
            if (origin) {
                AtomicResult[] r = new AtomicResult[100];
                for (int i = 0; i < r.length; i++) {
                    r[i] = new AtomicResult();
                    s.ctxDefault().atomicFetchAddNbi(r[i], counter, 2, 1, 1);
                }
                s.quiet();
                long sum = 0;
                for (AtomicResult a : r) {
                    sum += a.asLong();
                }
                check(sum == 99L * 100 / 2, "atomicFetchAddNbi values sum to " + sum);
                System.out.println("OK shmem-fetch-nbi");
            }
            s.barrierAll();
        }
    }

    private static void refused(Runnable call, String name) {
        try {
            call.run();
        } catch (BadArgumentException e) {
            check(e.getMessage().contains(name), "the refusal does not name " + name + ": " + e.getMessage());
            return;
        }
        throw new IllegalStateException(name + " was not refused");
    }

    private static void pass(Team world, String name) {
        world.barrier();
        if (world.rank() == 0) {
            System.out.println("OK " + name);
        }
    }

    private static long next(long s) {
        s ^= s << 13;
        s ^= s >>> 7;
        s ^= s << 17;
        return s;
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException(what);
        }
    }
}
