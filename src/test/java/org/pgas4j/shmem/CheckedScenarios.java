package org.pgas4j.shmem;

import static org.pgas4j.shmem.Expect.that;
import static org.pgas4j.shmem.Expect.throwsA;

import java.util.LinkedHashMap;
import java.util.Map;

/** What checked mode ({@code -Dpgas4j.checked=true}) adds: arguments of collective calls compared across PEs. */
final class CheckedScenarios {
    private CheckedScenarios() {
    }

    static Map<String, ShmemScenario> all() {
        Map<String, ShmemScenario> s = new LinkedHashMap<>();
        s.put("checkedModeIsOn", sh -> that(sh.isChecked(), "pgas4j.checked=true reached the PE"));
        s.put("ub3_nonSymmetricSpaceAllocationIsRefusedOnEveryPe", CheckedScenarios::nonSymmetricAllocation);
        s.put("nonSymmetricCollectiveArgumentsAreRefused", CheckedScenarios::nonSymmetricCollective);
        s.put("symmetricCallsStillWork", CheckedScenarios::symmetricCalls);
        return s;
    }

    static void nonSymmetricAllocation(Shmem s) {
        SpaceCreation c = s.spaceCreate(SpaceConfig.of(DeviceType.CPU, 8192));
        if (s.nPes() > 1) {
            IllegalStateException e = throwsA(IllegalStateException.class, "counts that differ between PEs",
                    () -> s.spaceMalloc(c.space(), ShmemType.INT, 1 + s.myPe()));
            that(e.getMessage().contains("differs between the PEs"), e.getMessage());
            throwsA(IllegalStateException.class, "malloc with counts that differ",
                    () -> s.malloc(ShmemType.INT, 1 + s.myPe() % 2));
        }
        c.team().destroy();
        s.spaceDestroy(c.space());
    }

    static void nonSymmetricCollective(Shmem s) {
        SymmetricArray a = s.malloc(ShmemType.LONG, 8);
        if (s.nPes() > 1) {
            throwsA(IllegalStateException.class, "broadcast counts that differ",
                    () -> s.collectives().broadcast(s.teamWorld(), a, a, 1 + s.myPe() % 2, 0));
            throwsA(IllegalStateException.class, "roots that differ",
                    () -> s.collectives().broadcast(s.teamWorld(), a, a, 1, s.myPe() % 2));
        }
        s.free(a);
    }

    static void symmetricCalls(Shmem s) {
        SymmetricArray a = s.calloc(ShmemType.LONG, 8);
        s.collectives().reduce(s.teamWorld(), org.pgas4j.ReduceOp.SUM, a, a, 8);
        SymmetricArray b = s.realloc(a, ShmemType.LONG, 16);
        s.free(b);
    }
}
