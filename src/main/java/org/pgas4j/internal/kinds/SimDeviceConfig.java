package org.pgas4j.internal.kinds;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * Which simulated devices a host has and which PEs see which of them: the DEVICE_SIM
 * configuration. {@code visibility} is {@code all} or a {@code ;}-separated list of
 * {@code device=ranks} entries, where ranks is {@code all}, {@code none}, {@code lower-half},
 * {@code upper-half}, {@code even}, {@code odd} or a list of jobranks and ranges ({@code 0-3,6});
 * devices not listed are visible to every PE. Example: {@code 0=lower-half;1=upper-half}.
 *
 * @param devices how many simulated devices the host has
 * @param capacity bytes each PE may allocate on each device
 */
public record SimDeviceConfig(int devices, long capacity, String visibility) {

    /** Checks the numbers and the syntax of {@code visibility}. */
    public SimDeviceConfig {
        if (devices < 0 || devices > 64) {
            throw new IllegalArgumentException("the number of simulated devices must be in [0, 64], not " + devices);
        }
        if (capacity <= 0) {
            throw new IllegalArgumentException("a simulated device's capacity must be positive, not " + capacity);
        }
        entries(visibility, devices);
    }

    /** Whether PE {@code rank} of a job of {@code size} PEs sees {@code device}. */
    public boolean visible(int device, int rank, int size) {
        if (device < 0 || device >= devices) {
            return false;
        }
        String ranks = entries(visibility, devices).get(device);
        return ranks == null || ranks(ranks, size).get(rank);
    }

    /** How many devices PE {@code rank} sees. */
    public int visibleCount(int rank, int size) {
        int n = 0;
        for (int d = 0; d < devices; d++) {
            if (visible(d, rank, size)) {
                n++;
            }
        }
        return n;
    }

    private static Map<Integer, String> entries(String visibility, int devices) {
        Map<Integer, String> out = new HashMap<>();
        String v = visibility.trim();
        if (v.isEmpty() || v.equals("all")) {
            return out;
        }
        for (String entry : v.split(";")) {
            int eq = entry.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("'" + entry + "' is not device=ranks");
            }
            int device;
            try {
                device = Integer.parseInt(entry.substring(0, eq).trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + entry.substring(0, eq) + "' is not a device number");
            }
            if (device < 0 || device >= devices) {
                throw new IllegalArgumentException("device " + device + " does not exist (there are " + devices + ")");
            }
            String ranks = entry.substring(eq + 1).trim();
            ranks(ranks, 1); // syntax check
            out.put(device, ranks);
        }
        return out;
    }

    private static BitSet ranks(String ranks, int size) {
        BitSet set = new BitSet();
        switch (ranks) {
            case "all" -> set.set(0, size);
            case "none" -> { }
            case "lower-half" -> set.set(0, size / 2);
            case "upper-half" -> set.set(size / 2, size);
            case "even", "odd" -> {
                for (int r = ranks.equals("even") ? 0 : 1; r < size; r += 2) {
                    set.set(r);
                }
            }
            default -> {
                for (String part : ranks.split(",")) {
                    String[] range = part.trim().split("-", -1);
                    try {
                        int from = Integer.parseInt(range[0].trim());
                        int to = range.length == 2 ? Integer.parseInt(range[1].trim()) : from;
                        if (range.length > 2 || from < 0 || to < from) {
                            throw new NumberFormatException();
                        }
                        set.set(from, to + 1);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("'" + part + "' is not a jobrank or a range of them");
                    }
                }
            }
        }
        return set;
    }
}
