package org.pgas4j.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.pgas4j.internal.stats.StatsReport;

/** The launcher's end of {@code --stats}: the job's report from what its PEs sent, and its summary. */
final class Statistics {
    private Statistics() {
    }

    /**
     * Writes the report of a finished job and prints its summary.
     *
     * @param file the report file, or null without {@code --stats} (a report is still written, to the
     *        default file, when PEs sent counters because {@code -Dpgas4j.stats=true} was given)
     * @param local whether the job ran on the local transport, whose JVM wrote the report itself
     * @param parts each PE's counters, null where none came
     */
    static void report(Path file, boolean local, String jobId, int np, byte[][] parts, LineSink err) {
        boolean any = false;
        for (byte[] p : parts) {
            any |= p != null;
        }
        if (local) {
            if (file == null || Files.exists(file)) {
                return; // the local job JVM wrote it and printed the summary
            }
            parts = new byte[np][]; // it died first: every PE's counters are missing
        } else if (file == null && !any) {
            return;
        }
        String configured = org.pgas4j.Settings.STATS_FILE.value();
        Path target = file != null ? file : configured.isEmpty() ? StatsReport.defaultFile(jobId) : Path.of(configured);
        StatsReport report;
        try {
            report = StatsReport.merge(jobId, np, parts);
        } catch (IllegalArgumentException e) {
            err.message("statistics: " + e.getMessage());
            return;
        }
        try {
            report.write(target);
        } catch (IOException e) {
            err.message("cannot write the statistics report " + target + ": " + e.getMessage());
            return;
        }
        for (String line : report.summary(target)) {
            err.message(line);
        }
    }

    /**
     * A PE's counters once it sent those of another init/finalize pair: the sum of its pairs, or
     * {@code later} alone when it is the first (or the earlier cannot be read).
     */
    static byte[] addPair(byte[] earlier, byte[] later) {
        if (earlier == null) {
            return later;
        }
        try {
            return org.pgas4j.internal.stats.PeStats.PeReport.sum(earlier, later);
        } catch (IllegalArgumentException e) {
            return later; // the report then says what is wrong with them, if anything
        }
    }
}
