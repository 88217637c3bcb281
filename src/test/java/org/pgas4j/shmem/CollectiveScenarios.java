package org.pgas4j.shmem;

import static org.pgas4j.shmem.Expect.equal;
import static org.pgas4j.shmem.Expect.that;
import static org.pgas4j.shmem.Expect.throwsA;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgas4j.BadArgumentException;
import org.pgas4j.ReduceOp;

/** Every collective on the world team and on split teams, compared with serial results; team queries. */
final class CollectiveScenarios {
    private CollectiveScenarios() {
    }

    static Map<String, ShmemScenario> all() {
        Map<String, ShmemScenario> s = new LinkedHashMap<>();
        s.put("collectivesOnWorld", sh -> withBuffers(sh, sh.teamWorld()));
        s.put("collectivesOnStridedSplit", CollectiveScenarios::onStrided);
        s.put("collectivesOnSplit2d", CollectiveScenarios::onSplit2d);
        s.put("teamTranslateAndInvalid", CollectiveScenarios::teams);
        s.put("collectiveOnDestroyedTeamIsRefused", CollectiveScenarios::destroyedTeam);
        return s;
    }

    /** The value member {@code rank} contributes at element {@code i}. */
    private static int value(int rank, int i) {
        return (rank + 1) * 3 + i * (rank % 2 == 0 ? 1 : -1);
    }

    private static final int COUNT = 5;

    /**
     * Allocates the buffers on every PE (allocation is collective over the world), runs every
     * collective on {@code team} where this PE is a member, and frees them on every PE.
     */
    static void withBuffers(Shmem s, ShmemTeam team) {
        int worldSize = s.nPes();
        SymmetricArray[] b = {
            s.malloc(ShmemType.INT, COUNT), s.malloc(ShmemType.INT, (long) COUNT * worldSize),
            s.malloc(ShmemType.LONG, worldSize), s.malloc(ShmemType.LONG, worldSize),
            s.malloc(ShmemType.UINT, 1), s.malloc(ShmemType.DOUBLE, 1)
        };
        if (team.isValid()) {
            everyCollective(s, team, b[0], b[1], b[2], b[3], b[4], b[5]);
        }
        s.barrierAll();
        for (SymmetricArray x : b) {
            s.free(x);
        }
    }

    private static void everyCollective(Shmem s, ShmemTeam team, SymmetricArray src, SymmetricArray dst,
                                        SymmetricArray a2, SymmetricArray b2, SymmetricArray u, SymmetricArray d) {
        ShmemCollectives coll = s.collectives();
        int n = team.nPes();
        int me = team.myPe();
        int count = COUNT;
        MemorySegment sl = s.local(src);
        MemorySegment dl = s.local(dst);
        for (int i = 0; i < count; i++) {
            sl.setAtIndex(ValueLayout.JAVA_INT, i, value(me, i));
        }
        team.sync();
        // broadcast from the last member
        coll.broadcast(team, dst, src, count, n - 1);
        for (int i = 0; i < count; i++) {
            equal(value(n - 1, i), dl.getAtIndex(ValueLayout.JAVA_INT, i), "broadcast element " + i);
        }
        // every reduction against a serial computation
        for (ReduceOp op : ReduceOp.values()) {
            coll.reduce(team, op, dst, src, count);
            for (int i = 0; i < count; i++) {
                long expect = value(0, i);
                for (int r = 1; r < n; r++) {
                    expect = serial(op, expect, value(r, i));
                }
                equal((int) expect, dl.getAtIndex(ValueLayout.JAVA_INT, i), op + " element " + i);
            }
        }
        // in place
        for (int i = 0; i < count; i++) {
            dl.setAtIndex(ValueLayout.JAVA_INT, i, me + 1);
        }
        coll.reduce(team, ReduceOp.SUM, dst, dst, count);
        equal((long) n * (n + 1) / 2, dl.getAtIndex(ValueLayout.JAVA_INT, 0), "in-place sum");
        // fcollect
        coll.fcollect(team, dst, src, count);
        for (int r = 0; r < n; r++) {
            for (int i = 0; i < count; i++) {
                equal(value(r, i), dl.getAtIndex(ValueLayout.JAVA_INT, r * count + i), "fcollect " + r + "/" + i);
            }
        }
        // collect: member r contributes r % count + 1 elements
        long total = coll.collect(team, dst, src, me % count + 1);
        long at = 0;
        for (int r = 0; r < n; r++) {
            for (int i = 0; i <= r % count; i++) {
                equal(value(r, i), dl.getAtIndex(ValueLayout.JAVA_INT, at++), "collect " + r + "/" + i);
            }
        }
        equal(at, total, "collect total");
        // alltoall: block j of member i carries i * 100 + j
        for (int j = 0; j < n; j++) {
            s.local(a2).setAtIndex(ValueLayout.JAVA_LONG, j, me * 100L + j);
        }
        coll.alltoall(team, b2, a2, 1);
        for (int i = 0; i < n; i++) {
            equal(i * 100L + me, s.local(b2).getAtIndex(ValueLayout.JAVA_LONG, i), "alltoall block " + i);
        }
        // unsigned order: max of 0x80000000 + r is the largest, min the smallest, compared unsigned
        s.local(u).set(ValueLayout.JAVA_INT, 0, me == 0 ? 0x8000_0000 + 7 : me);
        coll.reduce(team, ReduceOp.MAX, u, u, 1);
        equal(0x8000_0000 + 7, s.local(u).get(ValueLayout.JAVA_INT, 0), "unsigned max");
        s.local(u).set(ValueLayout.JAVA_INT, 0, me == 0 ? 0x8000_0000 : me + 1);
        coll.reduce(team, ReduceOp.MIN, u, u, 1);
        equal(n == 1 ? 0x8000_0000 : 2, s.local(u).get(ValueLayout.JAVA_INT, 0), "unsigned min");
        // doubles
        s.local(d).set(ValueLayout.JAVA_DOUBLE, 0, me + 0.5);
        coll.reduce(team, ReduceOp.SUM, d, d, 1);
        equal(n * n / 2.0, s.local(d).get(ValueLayout.JAVA_DOUBLE, 0), "double sum");
        throwsA(BadArgumentException.class, "xor on doubles", () -> coll.reduce(team, ReduceOp.XOR, d, d, 1));
        throwsA(BadArgumentException.class, "mixed types", () -> coll.broadcast(team, d, src, 1, 0));
        throwsA(BadArgumentException.class, "more elements than the source", () -> coll.broadcast(team, dst, src,
                count + 1, 0));
        throwsA(BadArgumentException.class, "root outside the team", () -> coll.broadcast(team, dst, src, 1, n));
        team.sync();
    }

    private static long serial(ReduceOp op, long a, long b) {
        return switch (op) {
            case SUM -> (int) (a + b);
            case PROD -> (int) (a * b);
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
            case AND -> a & b;
            case OR -> a | b;
            case XOR -> a ^ b;
        };
    }

    static void onStrided(Shmem s) {
        int evens = (s.nPes() + 1) / 2;
        ShmemTeam t = s.teamWorld().splitStrided(0, 2, evens);
        if (s.myPe() % 2 == 0) {
            that(t.isValid(), "even PEs are members");
            equal(s.myPe() / 2, t.myPe(), "rank in the strided team");
            equal(evens, t.nPes(), "size of the strided team");
            equal(s.myPe(), t.translatePe(t.myPe(), s.teamWorld()), "translate back to the world");
        } else {
            that(t == ShmemTeam.INVALID, "odd PEs get SHMEM_TEAM_INVALID");
        }
        withBuffers(s, t);
        if (t.isValid()) {
            t.destroy();
            that(!t.isValid(), "destroyed");
        }
    }

    static void onSplit2d(Shmem s) {
        ShmemTeam.Split2d grid = s.teamWorld().split2d(2);
        ShmemTeam x = grid.xAxis();
        ShmemTeam y = grid.yAxis();
        equal(s.myPe() % 2, x.myPe(), "column in the row");
        equal(s.myPe() / 2, y.myPe(), "row in the column");
        SymmetricArray v = s.malloc(ShmemType.LONG, 1);
        s.local(v).set(ValueLayout.JAVA_LONG, 0, 1L << s.myPe());
        s.collectives().reduce(x, ReduceOp.OR, v, v, 1);
        long row = 1L << s.myPe();
        int partner = s.myPe() ^ 1;
        if (partner < s.nPes()) {
            row |= 1L << partner;
        }
        equal(row, s.local(v).get(ValueLayout.JAVA_LONG, 0), "or along the row");
        s.local(v).set(ValueLayout.JAVA_LONG, 0, 1);
        s.collectives().reduce(y, ReduceOp.SUM, v, v, 1);
        equal(y.nPes(), s.local(v).get(ValueLayout.JAVA_LONG, 0), "sum along the column");
        s.barrierAll();
        s.free(v);
        x.destroy();
        y.destroy();
    }

    static void teams(Shmem s) {
        ShmemTeam t = s.teamWorld().splitStrided(s.nPes() - 1, 1, 1); // the last PE alone
        if (s.myPe() == s.nPes() - 1) {
            equal(0, t.myPe(), "alone");
            equal(0, s.teamWorld().translatePe(s.myPe(), t), "world -> singleton");
            t.destroy();
        } else {
            equal(-1, t.myPe(), "not a member");
            equal(-1, s.teamWorld().translatePe(s.myPe(), t), "translate into INVALID");
            t.destroy(); // destroying SHMEM_TEAM_INVALID does nothing
        }
        throwsA(BadArgumentException.class, "a stride that leaves the parent",
                () -> s.teamWorld().splitStrided(0, 1, s.nPes() + 1));
        s.barrierAll();
    }

    static void destroyedTeam(Shmem s) {
        ShmemTeam t = s.teamWorld().splitStrided(0, 1, s.nPes());
        SymmetricArray v = s.calloc(ShmemType.LONG, 1);
        t.destroy();
        throwsA(IllegalStateException.class, "a collective on a destroyed team",
                () -> s.collectives().broadcast(t, v, v, 1, 0));
        throwsA(IllegalStateException.class, "a sync on a destroyed team", t::sync);
        throwsA(IllegalStateException.class, "a context on a destroyed team", () -> t.createContext(0));
        s.barrierAll();
        s.free(v);
    }
}
