package org.pgas4j.junit;

import java.util.List;

/**
 * How a whole {@code @PgasTest} job ended.
 *
 * @param size the number of PEs
 * @param pes each PE's result, by rank
 * @param timeoutSeconds the job's timeout
 * @param timedOut whether the job ran out of time
 * @param problems what went wrong besides the PEs' own failures (a launcher that failed, a thread
 *        or process left running), one sentence each
 */
record JobOutcome(int size, List<PeResult> pes, long timeoutSeconds, boolean timedOut, List<String> problems) {
    JobOutcome {
        pes = List.copyOf(pes);
        problems = List.copyOf(problems);
    }

    /** Whether every PE passed and nothing else went wrong. */
    boolean passed() {
        return !timedOut && problems.isEmpty() && pes.stream().allMatch(PeResult::passed);
    }
}
