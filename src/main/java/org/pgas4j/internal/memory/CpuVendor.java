package org.pgas4j.internal.memory;

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
    static final boolean STOPS_REP_MOVSB_AT_L2 = stopsRepMovsbAtL2(cpuinfo());

    private CpuVendor() {
    }

    /**
     * Whether the processor {@code cpuinfo} (the text of {@code /proc/cpuinfo}) describes is one on
     * which glibc stops {@code rep movsb} at L2: its first {@code vendor_id} names AMD or Hygon.
     */
    static boolean stopsRepMovsbAtL2(String cpuinfo) {
        for (String line : cpuinfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equals("vendor_id")) {
                String vendor = line.substring(colon + 1).strip();
                return vendor.equals("AuthenticAMD") || vendor.equals("HygonGenuine");
            }
        }
        return false;
    }

    private static String cpuinfo() {
        try {
            return Files.readString(Path.of("/proc/cpuinfo"));
        } catch (IOException | SecurityException e) {
            return ""; // not Linux, or not readable: pieces stay bounded, as for any other vendor
        }
    }
}
