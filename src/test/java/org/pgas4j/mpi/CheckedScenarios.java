package org.pgas4j.mpi;

import static org.pgas4j.mpi.Expect.eq;
import static org.pgas4j.mpi.Expect.fails;
import static org.pgas4j.mpi.Expect.isTrue;
import static org.pgas4j.mpi.SemanticsScenarios.left;
import static org.pgas4j.mpi.SemanticsScenarios.right;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Checked mode ({@code -Dpgas4j.checked=true}): what it detects of the seed's Non-conformance
 * paragraph. A large PUT from rmaMalloc memory is serviced straight from the origin buffer; an
 * origin that stores into it before the servicing is detected by the checksum the request carries.
 */
final class CheckedScenarios {
    private CheckedScenarios() {
    }

    static Map<String, MpiScenario> all() {
        Map<String, MpiScenario> m = new LinkedHashMap<>();
        m.put("checkedModeIsOn", mpi -> isTrue(mpi.isChecked(), "pgas4j.checked=true"));
        m.put("originBufferChangedBeforeServicingDetected", CheckedScenarios::originChanged);
        return m;
    }

    static void originChanged(Mpi mpi) {
        Comm w = mpi.world();
        int n = 4096; // 32 KiB: above the eager limit
        MemorySegment src = mpi.rmaMalloc(8L * n);
        MemorySegment dst = mpi.rmaMalloc(8L * n);
        for (int i = 0; i < n; i++) {
            src.setAtIndex(ValueLayout.JAVA_LONG, i, w.rank());
        }
        w.put(src, n, Datatype.LONG, right(w), 0, n, Datatype.LONG, 181);
        src.setAtIndex(ValueLayout.JAVA_LONG, 7, -1); // non-conforming: the PUT is not yet serviced
        w.barrier();
        fails(MpiException.class, () -> w.accept(dst, dst.byteSize(), 8, 181, 1), "checked mode",
                "origin buffer changed", "rank " + left(w), "tag 181");
        fails(MpiException.class, () -> w.accept(dst, dst.byteSize(), 8, 181, 0), "PUT of 32768 bytes to rank "
                + right(w), "origin buffer changed");
        w.barrier();
        // a conforming PUT from the same buffer goes through
        src.setAtIndex(ValueLayout.JAVA_LONG, 7, w.rank());
        w.put(src, n, Datatype.LONG, right(w), 0, n, Datatype.LONG, 182);
        w.accept(dst, dst.byteSize(), 8, 182, 1);
        eq(left(w), dst.getAtIndex(ValueLayout.JAVA_LONG, 7), "conforming PUT serviced");
        w.barrier();
        mpi.rmaFree(src);
        mpi.rmaFree(dst);
    }
}
