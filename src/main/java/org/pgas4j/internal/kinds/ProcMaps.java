package org.pgas4j.internal.kinds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** What {@code /proc/self/maps} says about the mapping that holds an address. */
public final class ProcMaps {
    private ProcMaps() {
    }

    /**
     * One mapping.
     *
     * @param file the mapped file (empty for anonymous memory)
     * @param fileOffset the file offset of the queried address
     * @param shared whether the mapping is shared (writes reach the file)
     * @param writable whether it is writable
     * @param end the address one past the mapping's end
     * @param readable whether it is readable (reserved address space, guard pages are not)
     */
    public record Mapping(Optional<Path> file, long fileOffset, boolean shared, boolean writable, long end,
                          boolean readable) {
    }

    /** The mapping holding {@code address}, or empty when none does (or /proc is unreadable). */
    public static Optional<Mapping> of(long address) {
        List<String> lines;
        try {
            lines = Files.readAllLines(Path.of("/proc/self/maps"));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
        for (String line : lines) {
            String[] f = line.trim().split("\\s+", 6);
            if (f.length < 5) {
                continue;
            }
            int dash = f[0].indexOf('-');
            long start = Long.parseUnsignedLong(f[0].substring(0, dash), 16);
            long end = Long.parseUnsignedLong(f[0].substring(dash + 1), 16);
            if (Long.compareUnsigned(address, start) >= 0 && Long.compareUnsigned(address, end) < 0) {
                long offset = Long.parseUnsignedLong(f[2], 16) + (address - start);
                Optional<Path> file = f.length == 6 && f[5].startsWith("/") && !f[5].endsWith("(deleted)")
                        ? Optional.of(Path.of(f[5])) : Optional.empty();
                return Optional.of(new Mapping(file, offset, f[1].charAt(3) == 's', f[1].charAt(1) == 'w', end,
                        f[1].charAt(0) == 'r'));
            }
        }
        return Optional.empty();
    }
}
