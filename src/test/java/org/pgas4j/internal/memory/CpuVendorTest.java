package org.pgas4j.internal.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@link CpuVendor}: which processors' {@code /proc/cpuinfo} say that glibc stops {@code rep movsb}
 * at the L2 cache's size, and the bound on {@link HostCopy}'s pieces that follows, on this machine
 * too.
 */
class CpuVendorTest {
    private static String cpuinfo(String vendor) {
        return "processor\t: 0\nvendor_id\t: " + vendor + "\ncpu family\t: 25\nmodel name\t: Some CPU\n\n"
                + "processor\t: 1\nvendor_id\t: " + vendor + "\n";
    }

    private static boolean stopsRepMovsbAtL2(String cpuinfo) throws IOException {
        return CpuVendor.stopsRepMovsbAtL2(new BufferedReader(new StringReader(cpuinfo)));
    }

    @Test
    void amdAndHygonStopRepMovsbAtL2() throws IOException {
        assertTrue(stopsRepMovsbAtL2(cpuinfo("AuthenticAMD")));
        assertTrue(stopsRepMovsbAtL2(cpuinfo("HygonGenuine")));
    }

    @Test
    void intelOtherVendorsAndNoVendorDoNot() throws IOException {
        assertFalse(stopsRepMovsbAtL2(cpuinfo("GenuineIntel")));
        assertFalse(stopsRepMovsbAtL2(cpuinfo("CentaurHauls")));
        assertFalse(stopsRepMovsbAtL2(cpuinfo("AuthenticAMDish")), "the whole name, not a prefix");
        // AArch64's cpuinfo names no vendor_id; an unreadable file reads as empty.
        assertFalse(stopsRepMovsbAtL2("processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\n"));
        assertFalse(stopsRepMovsbAtL2(""));
        assertFalse(stopsRepMovsbAtL2("model name\t: vendor_id AuthenticAMD\n"), "only the vendor_id key counts");
    }

    @Test
    void piecesAreUnboundedOnlyWhereRepMovsbStopsAtL2() throws IOException {
        assertEquals(Long.MAX_VALUE, HostCopy.piecesUpTo(true));
        assertEquals(4L << 20, HostCopy.piecesUpTo(false));
        Path cpuinfo = Path.of("/proc/cpuinfo");
        boolean here = Files.isReadable(cpuinfo) && stopsRepMovsbAtL2(Files.readString(cpuinfo));
        assertEquals(here, CpuVendor.STOPS_REP_MOVSB_AT_L2);
        assertEquals(HostCopy.piecesUpTo(here), HostCopy.piecesUpTo());
    }
}
