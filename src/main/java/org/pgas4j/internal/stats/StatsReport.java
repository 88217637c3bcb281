package org.pgas4j.internal.stats;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgas4j.Settings;

/**
 * A job's statistics report: every PE's counters merged ({@link #merge}), written as JSON
 * ({@link #json}), summarised in a few lines ({@link #summary}), and read back for the matrices
 * ({@link #read}, {@link #table}).
 *
 * @param jobId the job
 * @param size the job's size
 * @param pes the reports by rank; null where a PE's counters never arrived
 */
public record StatsReport(String jobId, int size, PeStats.PeReport[] pes) {

    /** The default report file of a job: {@code pgas4j-stats-<job>.json} in the current directory. */
    public static Path defaultFile(String jobId) {
        return Path.of("pgas4j-stats-" + jobId + ".json");
    }

    /**
     * The report of a job of {@code size} PEs from what arrived: encoded counters
     * ({@link PeStats#close()}) indexed by rank, null where none came.
     *
     * @throws IllegalArgumentException when a part is malformed
     */
    public static StatsReport merge(String jobId, int size, byte[][] parts) {
        PeStats.PeReport[] pes = new PeStats.PeReport[size];
        for (int r = 0; r < size; r++) {
            if (parts[r] != null) {
                PeStats.PeReport p = PeStats.PeReport.decode(parts[r]);
                if (p.rank() != r || p.size() != size) {
                    throw new IllegalArgumentException("the counters of PE " + r + " say PE " + p.rank() + " of "
                            + p.size());
                }
                pes[r] = p;
            }
        }
        return new StatsReport(jobId, size, pes);
    }

    /** Whether {@code kind} is one of the point-to-point kinds, which the PE x PE matrices sum. */
    public static boolean isPointToPoint(String kind) {
        int k = Stats.KIND_NAMES.indexOf(kind);
        return k >= 0 && k < Stats.POINT_TO_POINT;
    }

    /** Ranks whose counters are missing. */
    public List<Integer> missing() {
        List<Integer> m = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            if (pes[r] == null) {
                m.add(r);
            }
        }
        return m;
    }

    /** The PE x PE matrix of point-to-point operations ({@code bytes} false) or bytes, [from][to]. */
    public long[][] matrix(boolean bytes) {
        long[][] m = new long[size][size];
        for (PeStats.PeReport p : pes) {
            if (p == null) {
                continue;
            }
            long[][] src = bytes ? p.bytes() : p.ops();
            for (int k = 0; k < Math.min(Stats.POINT_TO_POINT, src.length); k++) {
                for (int t = 0; t < size; t++) {
                    m[p.rank()][t] += src[k][t];
                }
            }
        }
        return m;
    }

    private long[] kindTotal(int kind, boolean bytes) {
        long[] v = new long[1];
        for (PeStats.PeReport p : pes) {
            if (p != null && kind < p.kinds().size()) {
                for (long x : (bytes ? p.bytes() : p.ops())[kind]) {
                    v[0] += x;
                }
            }
        }
        return v;
    }

    /** The report as JSON text. */
    public String json() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("job", jobId);
        root.put("pes", size);
        root.put("missing_pes", missing());
        root.put("kinds", Stats.KIND_NAMES);
        root.put("point_to_point_kinds", Stats.KIND_NAMES.subList(0, Stats.POINT_TO_POINT));
        root.put("waits", Stats.WAIT_NAMES);
        Map<String, Object> byKind = new LinkedHashMap<>();
        long ops = 0;
        long bytes = 0;
        for (int k = 0; k < Stats.KINDS; k++) {
            long o = kindTotal(k, false)[0];
            long b = kindTotal(k, true)[0];
            byKind.put(Stats.KIND_NAMES.get(k), Map.of("ops", o, "bytes", b));
            if (k < Stats.POINT_TO_POINT) {
                ops += o;
                bytes += b;
            }
        }
        root.put("totals", Map.of("point_to_point_ops", ops, "point_to_point_bytes", bytes, "by_kind", byKind));
        root.put("bytes_matrix", rows(matrix(true)));
        root.put("ops_matrix", rows(matrix(false)));
        List<Object> perPe = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            PeStats.PeReport p = pes[r];
            Map<String, Object> pe = new LinkedHashMap<>();
            pe.put("pe", r);
            if (p == null) {
                pe.put("missing", true);
                perPe.add(pe);
                continue;
            }
            pe.put("host", p.host());
            pe.put("elapsed_seconds", p.elapsedNanos() / 1e9);
            pe.put("waited_seconds", p.waitedNanos() / 1e9);
            pe.put("wait_share", p.elapsedNanos() == 0 ? 0.0 : (double) p.waitedNanos() / p.elapsedNanos());
            Map<String, Object> o = new LinkedHashMap<>();
            Map<String, Object> b = new LinkedHashMap<>();
            for (int k = 0; k < p.kinds().size(); k++) {
                if (nonZero(p.ops()[k])) {
                    o.put(p.kinds().get(k), rows(new long[][] {p.ops()[k]}).getFirst());
                    b.put(p.kinds().get(k), rows(new long[][] {p.bytes()[k]}).getFirst());
                }
            }
            pe.put("ops_by_target", o);
            pe.put("bytes_by_target", b);
            Map<String, Object> w = new LinkedHashMap<>();
            for (int i = 0; i < p.waits().size(); i++) {
                w.put(p.waits().get(i), Map.of("count", p.waitCounts()[i], "seconds", p.waitNanos()[i] / 1e9));
            }
            pe.put("waits", w);
            perPe.add(pe);
        }
        root.put("per_pe", perPe);
        StringBuilder sb = new StringBuilder();
        Json.write(sb, root, 0);
        return sb.append('\n').toString();
    }

    private static boolean nonZero(long[] v) {
        for (long x : v) {
            if (x != 0) {
                return true;
            }
        }
        return false;
    }

    private static List<List<Long>> rows(long[][] m) {
        List<List<Long>> rows = new ArrayList<>();
        for (long[] row : m) {
            List<Long> r = new ArrayList<>();
            for (long v : row) {
                r.add(v);
            }
            rows.add(r);
        }
        return rows;
    }

    /** Writes {@link #json()} to {@code file}. */
    public void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, json(), StandardCharsets.UTF_8);
    }

    /**
     * Writes the report of a job that no launcher gathers (an in-JVM job, a stand-alone PE) to
     * {@link Settings#STATS_FILE} or {@link #defaultFile}, and prints the summary to stderr.
     */
    public static void writeEmbedded(StatsReport report) {
        String name = Settings.STATS_FILE.value();
        Path file = name.isEmpty() ? defaultFile(report.jobId()) : Path.of(name);
        try {
            report.write(file);
        } catch (IOException e) {
            System.err.println("pgas4j: cannot write the statistics report " + file + ": " + e.getMessage());
            return;
        }
        for (String line : report.summary(file)) {
            System.err.println("pgas4j: " + line);
        }
    }

    /** A few lines: totals, the busiest pairs, each PE's share of time waiting. */
    public List<String> summary(Path file) {
        List<String> lines = new ArrayList<>();
        List<Integer> missing = missing();
        long[][] bytes = matrix(true);
        long[][] ops = matrix(false);
        long totalOps = 0;
        long totalBytes = 0;
        for (int f = 0; f < size; f++) {
            for (int t = 0; t < size; t++) {
                totalOps += ops[f][t];
                totalBytes += bytes[f][t];
            }
        }
        lines.add("statistics of job " + jobId + ": " + size + " PEs"
                + (missing.isEmpty() ? "" : ", counters missing from PEs " + missing + " (they did not finish)"));
        StringBuilder kinds = new StringBuilder();
        for (int k = 0; k < Stats.KINDS; k++) {
            long o = kindTotal(k, false)[0];
            if (o != 0) {
                kinds.append(kinds.isEmpty() ? "" : ", ").append(Stats.KIND_NAMES.get(k)).append(' ').append(o);
                long b = kindTotal(k, true)[0];
                if (b != 0) {
                    kinds.append(" (").append(bytesText(b)).append(')');
                }
            }
        }
        lines.add("  total: " + totalOps + " point-to-point operations, " + bytesText(totalBytes)
                + (kinds.isEmpty() ? "" : "; " + kinds));
        List<int[]> pairs = new ArrayList<>();
        for (int f = 0; f < size; f++) {
            for (int t = 0; t < size; t++) {
                if (bytes[f][t] != 0 || ops[f][t] != 0) {
                    pairs.add(new int[] {f, t});
                }
            }
        }
        pairs.sort((a, b) -> bytes[a[0]][a[1]] != bytes[b[0]][b[1]]
                ? Long.compare(bytes[b[0]][b[1]], bytes[a[0]][a[1]])
                : Long.compare(ops[b[0]][b[1]], ops[a[0]][a[1]]));
        StringBuilder busiest = new StringBuilder("  busiest pairs:");
        for (int i = 0; i < Math.min(5, pairs.size()); i++) {
            int[] p = pairs.get(i);
            busiest.append(i == 0 ? " " : ", ").append(p[0]).append("->").append(p[1]).append(' ')
                    .append(bytesText(bytes[p[0]][p[1]])).append(" in ").append(ops[p[0]][p[1]]).append(" ops");
        }
        lines.add(pairs.isEmpty() ? "  busiest pairs: none" : busiest.toString());
        StringBuilder waits = new StringBuilder("  time waiting:");
        for (PeStats.PeReport p : pes) {
            if (p != null) {
                waits.append(p.rank() == 0 ? " " : ", ").append("PE ").append(p.rank()).append(' ')
                        .append(String.format(Locale.ROOT, "%.0f%%", p.elapsedNanos() == 0 ? 0.0
                                : 100.0 * p.waitedNanos() / p.elapsedNanos()));
            }
        }
        lines.add(waits.toString());
        if (file != null) {
            lines.add("  report: " + file + " (bin/pgas4j stats " + file + " --plot matrix.svg draws it)");
        }
        return lines;
    }

    /** {@code n} bytes in B, KiB, MiB or GiB. */
    public static String bytesText(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /**
     * A matrix as a text table: a header of target PEs, a row per source PE.
     *
     * @param title the first line
     * @param m the matrix, [from][to]
     */
    public static List<String> table(String title, long[][] m) {
        int n = m.length;
        int width = 4;
        for (long[] row : m) {
            for (long v : row) {
                width = Math.max(width, Long.toString(v).length());
            }
        }
        width = Math.max(width, Integer.toString(n - 1).length());
        List<String> lines = new ArrayList<>();
        lines.add(title);
        StringBuilder h = new StringBuilder(String.format(Locale.ROOT, "%8s", "from\\to"));
        for (int t = 0; t < n; t++) {
            h.append(' ').append(String.format(Locale.ROOT, "%" + width + "d", t));
        }
        lines.add(h.toString());
        for (int f = 0; f < n; f++) {
            StringBuilder r = new StringBuilder(String.format(Locale.ROOT, "%8d", f));
            for (int t = 0; t < n; t++) {
                r.append(' ').append(String.format(Locale.ROOT, "%" + width + "d", m[f][t]));
            }
            lines.add(r.toString());
        }
        return lines;
    }

    /**
     * The matrices and facts of a report file, as {@code bin/pgas4j stats} needs them.
     *
     * @param jobId the job
     * @param bytes the bytes matrix
     * @param ops the operations matrix
     * @param missing the PEs whose counters are missing
     * @param kindOps the operations of each kind any PE counted, [from][to], by kind name in the
     *        report's order (the facades' kinds included)
     * @param kindBytes the bytes of the same kinds
     */
    public record Matrices(String jobId, long[][] bytes, long[][] ops, List<Integer> missing,
                           Map<String, long[][]> kindOps, Map<String, long[][]> kindBytes) {
    }

    /**
     * Reads the matrices of a report file.
     *
     * @throws IOException when the file cannot be read
     * @throws IllegalArgumentException when it is not a pgas4j statistics report
     */
    public static Matrices read(Path file) throws IOException {
        Object parsed = Json.parse(Files.readString(file, StandardCharsets.UTF_8));
        if (!(parsed instanceof Map<?, ?> root) || !(root.get("bytes_matrix") instanceof List<?>)
                || !(root.get("ops_matrix") instanceof List<?>) || !(root.get("pes") instanceof Number pes)) {
            throw new IllegalArgumentException("not a pgas4j statistics report (no pes, bytes_matrix and ops_matrix)");
        }
        int n = pes.intValue();
        long[][] bytes = matrixOf(root.get("bytes_matrix"), n, "bytes_matrix");
        long[][] ops = matrixOf(root.get("ops_matrix"), n, "ops_matrix");
        List<Integer> missing = new ArrayList<>();
        if (root.get("missing_pes") instanceof List<?> m) {
            for (Object o : m) {
                if (o instanceof Number x) {
                    missing.add(x.intValue());
                }
            }
        }
        Map<String, long[][]> kindOps = new LinkedHashMap<>();
        Map<String, long[][]> kindBytes = new LinkedHashMap<>();
        if (root.get("kinds") instanceof List<?> kinds && root.get("per_pe") instanceof List<?> perPe) {
            for (Object k : kinds) {
                for (Object o : perPe) {
                    if (o instanceof Map<?, ?> pe && pe.get("pe") instanceof Number r && r.intValue() >= 0
                            && r.intValue() < n) {
                        kindRow(kindOps, pe.get("ops_by_target"), String.valueOf(k), r.intValue(), n);
                        kindRow(kindBytes, pe.get("bytes_by_target"), String.valueOf(k), r.intValue(), n);
                    }
                }
            }
        }
        return new Matrices(String.valueOf(root.get("job")), bytes, ops, missing, kindOps, kindBytes);
    }

    /** Row {@code from} of kind {@code kind}'s matrix in {@code into}, from a PE's {@code *_by_target} map, if it has it. */
    private static void kindRow(Map<String, long[][]> into, Object byTarget, String kind, int from, int n) {
        if (byTarget instanceof Map<?, ?> m && m.get(kind) != null) {
            into.computeIfAbsent(kind, x -> new long[n][n])[from] = counts(m.get(kind), n, "PE " + from + "'s " + kind);
        }
    }

    /** A row of {@code n} counts, or IllegalArgumentException naming {@code name}. */
    private static long[] counts(Object o, int n, String name) {
        if (!(o instanceof List<?> row) || row.size() != n) {
            throw new IllegalArgumentException(name + " does not have " + n + " entries");
        }
        long[] r = new long[n];
        for (int t = 0; t < n; t++) {
            if (!(row.get(t) instanceof Number v) || v.doubleValue() < 0) {
                throw new IllegalArgumentException(name + "[" + t + "] is not a count");
            }
            r[t] = v.longValue();
        }
        return r;
    }

    private static long[][] matrixOf(Object o, int n, String name) {
        List<?> rows = (List<?>) o;
        if (n < 1 || rows.size() != n) {
            throw new IllegalArgumentException(name + " has " + rows.size() + " rows for " + n + " PEs");
        }
        long[][] m = new long[n][];
        for (int f = 0; f < n; f++) {
            m[f] = counts(rows.get(f), n, name + " row " + f);
        }
        return m;
    }
}
