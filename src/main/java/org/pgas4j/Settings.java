package org.pgas4j;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The one table of pgas4j settings. Each is a system property with an environment-variable
 * twin, a default and a line of doc; {@code bin/pgas4j info} prints them all.
 */
public final class Settings {

    /** The value of an integer setting left to the runtime to choose ({@code auto}). */
    public static final int AUTO = -1;

    /**
     * Which transport a launched or stand-alone PE uses: {@code auto} (the default: {@code shm} for
     * a job on one host, {@code hybrid} for one spanning several), {@code shm}, {@code local},
     * {@code ucx} or {@code hybrid}; see {@link #resolveTransport}.
     */
    public static final Setting<String> TRANSPORT = new Setting<>("pgas4j.transport", "PGAS4J_TRANSPORT", "auto",
            "transport between PEs: auto (shm on one host, hybrid across hosts), shm (processes on this host), local"
                    + " (threads of one JVM), ucx (processes over UCX) or hybrid (shm within a host, UCX between hosts)",
            Settings::parseName);

    /** The {@link #TRANSPORT} value that lets the job's placement choose. */
    public static final String AUTO_TRANSPORT = "auto";

    /**
     * The transport a job spanning {@code hosts} hosts uses when {@link #TRANSPORT} names
     * {@code transport}: {@link #AUTO_TRANSPORT} becomes {@code shm} on one host and {@code hybrid}
     * (shared memory within each host, UCX between them) on several; any other name stays.
     *
     * @param transport a transport name, or {@code auto}
     * @param hosts the number of hosts the job spans, at least 1
     * @return the transport to open
     */
    public static String resolveTransport(String transport, int hosts) {
        if (!AUTO_TRANSPORT.equals(transport)) {
            return transport;
        }
        return hosts > 1 ? "hybrid" : "shm";
    }

    /** Size of the runtime-allocated segment bound to the primordial endpoint at init; 0 for none. */
    public static final Setting<Long> SEGMENT_SIZE = new Setting<>("pgas4j.segment.size", "PGAS4J_SEGMENT_SIZE", "64m",
            "bytes of the primordial segment created and published at init (k, m, g suffixes; 0 = none)",
            Settings::parseSize);

    /** How many endpoints a client may own, the primordial one included. */
    public static final Setting<Integer> MAX_ENDPOINTS = new Setting<>("pgas4j.endpoints.max", "PGAS4J_ENDPOINTS_MAX", "64",
            "endpoints per client, the primordial one included (each has a directory slot)",
            text -> parseIntInRange(text, 1, 1024));

    /** Bytes of collective scratch per team channel on each PE. */
    public static final Setting<Long> COLL_CHANNEL_SIZE = new Setting<>("pgas4j.coll.channel.size",
            "PGAS4J_COLL_CHANNEL_SIZE", "256k",
            "collective scratch per team and PE (mailboxes of the team's members; 16 teams at most)",
            text -> {
                long v = parseSize(text);
                if (v < 4096) {
                    throw new IllegalArgumentException(v + " is below the minimum of 4096");
                }
                return v;
            });

    /**
     * Whether a collective's receiver zeroes each chunk it has read from a sender that maps its
     * mailbox ({@code shm}, {@code local}, {@code hybrid} on one host). Where a core's write is
     * served faster from a line another core last wrote than from one both hold for reading, this
     * lets the sender's next chunk in quickly: on this project's 2-core AMD machines a 1 MiB
     * broadcast between 2 PEs moved 11.4-11.6 GB/s with it and 5.1-5.6 without, an allreduce 5.2-5.3
     * and 3.3-3.8; on a 16-core GPU host the zeroing cost 5-20 % instead (docs/benchmarks.md,
     * twenty-third session). Read when a team is made.
     */
    public static final Setting<Boolean> COLL_ZERO_READ_CHUNKS = new Setting<>("pgas4j.coll.zero",
            "PGAS4J_COLL_ZERO", "true",
            "whether a collective's receiver zeroes each chunk it has read from a sender on the same host, which "
                    + "hands the lines back to the sender faster on some CPUs (see docs/benchmarks.md)",
            Settings::parseBoolean);

    /**
     * Bytes of each of a PE's two active-message rings (requests, replies); the largest Medium
     * payload is an eighth of it, less the message header.
     */
    public static final Setting<Long> AM_RING_SIZE = new Setting<>("pgas4j.am.ring.size", "PGAS4J_AM_RING_SIZE", "1m",
            "bytes of each active-message ring of a PE (requests, replies): a power of two in [64k, 1g]; the largest "
                    + "Medium payload is 1/8 of it less 112 bytes",
            text -> {
                long v = parseSize(text);
                if (v < (64 << 10) || v > (1L << 30) || Long.bitCount(v) != 1) {
                    throw new IllegalArgumentException(v + " is not a power of two in [65536, 1073741824]");
                }
                return v;
            });

    /** Busy-spin iterations before a waiting thread starts to yield. */
    public static final Setting<Integer> SPIN_ITERATIONS = new Setting<>("pgas4j.wait.spins", "PGAS4J_WAIT_SPINS", "auto",
            "busy-spin iterations of a wait before it yields the core; auto: 200 (about 10 us), or 20 when the host has more "
                    + "PEs than cores (spinning then only delays the PE being waited for)",
            text -> text.equals("auto") ? AUTO : parseIntInRange(text, 0, Integer.MAX_VALUE));


    /** Thread.yield iterations before a waiting thread starts to park. */
    public static final Setting<Integer> YIELD_ITERATIONS = new Setting<>("pgas4j.wait.yields", "PGAS4J_WAIT_YIELDS", "200",
            "Thread.yield iterations of a wait before it parks",
            text -> parseIntInRange(text, 0, Integer.MAX_VALUE));

    /** Longest park of a waiting thread, in microseconds. */
    public static final Setting<Integer> PARK_MICROS = new Setting<>("pgas4j.wait.park.us", "PGAS4J_WAIT_PARK_US", "50",
            "longest park of a waiting thread, in microseconds",
            text -> parseIntInRange(text, 1, 1_000_000));

    /** Park of a wait that has already parked for about 10 ms, in microseconds. */
    public static final Setting<Integer> LONG_PARK_MICROS = new Setting<>("pgas4j.wait.long.park.us",
            "PGAS4J_WAIT_LONG_PARK_US", "1000",
            "park of a waiting thread once its wait has parked for about 10 ms, in microseconds",
            text -> parseIntInRange(text, 1, 1_000_000));

    /** Which barrier algorithm teams use. */
    public static final Setting<String> BARRIER = new Setting<>("pgas4j.barrier", "PGAS4J_BARRIER", "auto",
            "team barrier algorithm: dissemination, central (a counter whose waiters sleep on a futex; needs every "
                    + "member on this host), or auto: central when the host has more PEs than cores",
            text -> switch (text) {
                case "auto", "dissemination", "central" -> text;
                default -> throw new IllegalArgumentException("'" + text + "' is not auto, dissemination or central");
            });

    /**
     * The nice value (0 to 19) given to the JVM's JIT compiler threads at {@code Client.init}; 0
     * leaves them alone. A higher value lets the PEs keep the cores while C2 compiles, when
     * compiler threads and PEs share too few cores (see {@code docs/benchmarks.md}, "The compiler
     * threads' priority", for what it gives and costs). Linux only; elsewhere it does nothing.
     */
    public static final Setting<Integer> JIT_NICE = new Setting<>("pgas4j.jit.nice", "PGAS4J_JIT_NICE", "0",
            "nice value (0-19) for the JVM's JIT compiler threads, set at init: higher lets PEs keep the cores while C2 "
                    + "compiles (0 = leave them)",
            text -> parseIntInRange(text, 0, 19));

    /** How many simulated devices (DEVICE_SIM) each host has. */
    public static final Setting<Integer> DEVSIM_DEVICES = new Setting<>("pgas4j.devsim.devices", "PGAS4J_DEVSIM_DEVICES",
            "2", "simulated devices (DEVICE_SIM memory kinds) per host, 0 to 64",
            text -> parseIntInRange(text, 0, 64));

    /** Bytes of simulated device memory each PE may allocate per device. */
    public static final Setting<Long> DEVSIM_CAPACITY = new Setting<>("pgas4j.devsim.capacity",
            "PGAS4J_DEVSIM_CAPACITY", "1g", "bytes of each simulated device a PE may allocate",
            text -> {
                long v = parseSize(text);
                if (v <= 0) {
                    throw new IllegalArgumentException("the capacity must be positive");
                }
                return v;
            });

    /** Which PEs see which simulated devices. */
    public static final Setting<String> DEVSIM_VISIBLE = new Setting<>("pgas4j.devsim.visible", "PGAS4J_DEVSIM_VISIBLE",
            "all", "which PEs see which simulated device: all, or device=ranks;... with ranks all, none, lower-half, "
                    + "upper-half, even, odd or jobranks and ranges such as 0-3,6",
            text -> text);

    /**
     * How RMA reaches peer memory this process does not map as host memory itself: auto (cross-memory
     * attach for client host memory, the IPC handle for same-host device memory) or am (every such
     * access, and every FILE segment of a peer, through the owner with active messages).
     */
    public static final Setting<String> RMA_PATH = new Setting<>("pgas4j.rma.path", "PGAS4J_RMA_PATH", "auto",
            "how RMA reaches peer memory other than runtime-allocated host segments: auto (direct mapping, "
                    + "cross-memory attach or device IPC) or am (the owner performs it, on active messages)",
            text -> switch (text) {
                case "auto", "am" -> text;
                default -> throw new IllegalArgumentException("'" + text + "' is not auto or am");
            });

    /**
     * The largest piece of a put or get that the active-message fallback
     * ({@code pgas4j.rma.path=am}, and every memory kind without a direct path) moves in one message
     * to an owner whose messages travel through shared memory ({@code shm}, {@code local},
     * {@code hybrid} on one host; over a network the piece is up to 256 KiB); a piece is also at most the largest
     * Medium both rings carry. Small pieces keep each piece in the cache between the two copies,
     * the requester's into the ring and the owner's out of it: 1 MiB puts and gets through the
     * fallback moved 0.37-0.45 of host-to-host with 12-24 KiB pieces, 0.23-0.31 with 128-256 KiB
     * (docs/benchmarks.md, issue 23).
     */
    public static final Setting<Long> AM_FALLBACK_CHUNK = new Setting<>("pgas4j.am.fallback.chunk",
            "PGAS4J_AM_FALLBACK_CHUNK", "16k",
            "largest piece of a put or get through the active-message fallback to an owner whose messages travel "
                    + "through shared memory, in bytes: a multiple of 8 in [1k, 1g] (k, m, g suffixes), and at most the "
                    + "largest Medium of the rings (over a network: up to 256k)",
            text -> {
                long v = parseSize(text);
                if (v < 1024 || v > (1L << 30) || v % 8 != 0) {
                    throw new IllegalArgumentException(v + " is not a multiple of 8 in [1024, 1073741824]");
                }
                return v;
            });

    /**
     * From how many bytes a put or get on a direct path (a peer's segment this process maps, as on
     * {@code shm} and {@code local}) between two native host segments copies with the C library's
     * {@code memmove} instead of {@code MemorySegment.copy}; 0 for never. Puts and gets from and into
     * Java arrays take the same path from this size up to 4 MiB where a view of the array is kept
     * ({@code ArrayMemmove}: once the same array and offset were copied twice in a row). Read once,
     * when the first such copy is made. See {@code docs/benchmarks.md} (The memmove path) for the
     * figures behind the default.
     */
    public static final Setting<Long> COPY_MEMMOVE_MIN = new Setting<>("pgas4j.copy.memmove.min",
            "PGAS4J_COPY_MEMMOVE_MIN", "32k",
            "bytes from which a direct-path put or get between native host segments, or between a Java array "
                    + "and one (up to 4 MiB, the same array and offset copied twice in a row), copies with libc's "
                    + "memmove instead of MemorySegment.copy (k, m, g suffixes; 0 = never)",
            Settings::parseSize);

    /**
     * Where pgas4j looks for the native libraries it loads itself (UCX's libucp and libucs, the CUDA
     * runtime): a list of directories separated by ':', searched in place of the system's library
     * search; empty (the default) for the system's search. Meant for a UCX or CUDA installed outside
     * the system's directories, and for showing a host without them.
     */
    public static final Setting<List<Path>> LIBRARY_PATH = new Setting<>("pgas4j.library.path", "PGAS4J_LIBRARY_PATH",
            "", "directories (':'-separated) searched for the native libraries pgas4j loads (UCX, CUDA, HIP, Level "
                    + "Zero) instead of the system's library search; empty for the system's search",
            Settings::parseDirectories);

    /**
     * Whether every PE counts its communication (operations and bytes per kind and target PE, time
     * waiting) and reports it at {@code Client.close()}: to the launcher, which writes the job's
     * report ({@code bin/pgas4j run --stats} sets it), or, in a {@code LocalJob} or a stand-alone
     * PE, into {@link #STATS_FILE}. Read once when the runtime starts; off costs nothing.
     */
    public static final Setting<Boolean> STATS = new Setting<>("pgas4j.stats", "PGAS4J_STATS", "false",
            "count each PE's operations, bytes and waits per target and report them at close (see docs/observability.md)",
            Settings::parseBoolean);

    /**
     * Where an in-JVM job ({@code LocalJob}) or a stand-alone PE writes its statistics report;
     * empty (the default) for {@code pgas4j-stats-<job>.json} in the current directory. Launched
     * jobs use the launcher's {@code --stats=FILE} instead.
     */
    public static final Setting<String> STATS_FILE = new Setting<>("pgas4j.stats.file", "PGAS4J_STATS_FILE", "",
            "where an in-JVM job or a stand-alone PE writes its statistics report; empty for "
                    + "pgas4j-stats-<job>.json in the current directory",
            text -> text);

    /** Parses true or false. */
    static boolean parseBoolean(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "true", "1", "yes", "on" -> true;
            case "false", "0", "no", "off", "" -> false;
            default -> throw new IllegalArgumentException("'" + text + "' is not true or false");
        };
    }

    private Settings() {
    }

    /** Every setting, in the order {@code bin/pgas4j info} prints them. */
    public static List<Setting<?>> all() {
        return List.of(TRANSPORT, SEGMENT_SIZE, MAX_ENDPOINTS, COLL_CHANNEL_SIZE, COLL_ZERO_READ_CHUNKS, AM_RING_SIZE, SPIN_ITERATIONS, YIELD_ITERATIONS, PARK_MICROS,
                LONG_PARK_MICROS, JIT_NICE,
                BARRIER, DEVSIM_DEVICES, DEVSIM_CAPACITY, DEVSIM_VISIBLE, RMA_PATH, AM_FALLBACK_CHUNK, COPY_MEMMOVE_MIN, LIBRARY_PATH, STATS,
                STATS_FILE);
    }

    /**
     * Parses a ':'-separated list of directories; empty entries are ignored.
     *
     * @throws IllegalArgumentException for an entry that is not an absolute path
     */
    static List<Path> parseDirectories(String text) {
        List<Path> dirs = new java.util.ArrayList<>();
        for (String entry : text.split(":")) {
            if (entry.isBlank()) {
                continue;
            }
            Path dir = Path.of(entry.trim());
            if (!dir.isAbsolute()) {
                throw new IllegalArgumentException("'" + entry + "' is not an absolute directory");
            }
            dirs.add(dir);
        }
        return List.copyOf(dirs);
    }

    /**
     * Parses a byte count with an optional k, m or g suffix (powers of 1024).
     *
     * @throws IllegalArgumentException for negative, malformed or overflowing text
     */
    public static long parseSize(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.isEmpty()) {
            throw new IllegalArgumentException("empty size");
        }
        long unit = switch (t.charAt(t.length() - 1)) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            default -> 1L;
        };
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        long n;
        try {
            n = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a size: '" + text + "' (use digits with an optional k, m or g)");
        }
        if (n < 0) {
            throw new IllegalArgumentException("negative size " + text);
        }
        return Math.multiplyExact(n, unit);
    }

    private static int parseIntInRange(String text, int min, int max) {
        int v;
        try {
            v = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an integer: '" + text + "'");
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(v + " is outside [" + min + ", " + max + "]");
        }
        return v;
    }

    private static String parseName(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.isEmpty()) {
            throw new IllegalArgumentException("empty name");
        }
        return t;
    }
}
