package org.pgas4j.internal.memory;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether glibc's {@code memmove} on this processor stops using {@code rep movsb} from the size of
 * the L2 cache: what glibc (2.33 and later) does on the processors it treats as AMD's (vendor
 * {@code AuthenticAMD} or {@code HygonGenuine}), read from {@code /proc/cpuinfo}'s
 * {@code vendor_id}. {@link HostCopy} copies in pieces there.
 */
final class CpuVendor {
    /** Whether this machine's processor is one of them; false where {@code /proc/cpuinfo} cannot be read. */
    static final boolean STOPS_REP_MOVSB_AT_L2 = readCpuinfo();

    private CpuVendor() {
    }

    /**
     * Whether the processor {@code cpuinfo} (the lines of {@code /proc/cpuinfo}) describes is one on
     * which glibc stops {@code rep movsb} at L2: its first {@code vendor_id} names AMD or Hygon.
     * Reads no further than that line: the kernel writes the file as it is read, every CPU's
     * entry (its clock frequency included), which on a host with many CPUs takes milliseconds.
     */
    static boolean stopsRepMovsbAtL2(BufferedReader cpuinfo) throws IOException {
        for (String line = cpuinfo.readLine(); line != null; line = cpuinfo.readLine()) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equals("vendor_id")) {
                String vendor = line.substring(colon + 1).strip();
                return vendor.equals("AuthenticAMD") || vendor.equals("HygonGenuine");
            }
        }
        return false;
    }

    private static boolean readCpuinfo() {
        try (BufferedReader cpuinfo = Files.newBufferedReader(Path.of("/proc/cpuinfo"))) {
            return stopsRepMovsbAtL2(cpuinfo);
        } catch (IOException | SecurityException e) {
            return false; // not Linux, or not readable: pieces stay bounded, as for any other vendor
        }
    }
}
