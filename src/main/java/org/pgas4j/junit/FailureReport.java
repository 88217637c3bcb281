package org.pgas4j.junit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.opentest4j.AssertionFailedError;

/**
 * Turns a failed job into the one error the test fails with: a {@link PeFailedError} per PE that
 * failed on its own (failures that only follow from another PE's are left out), a
 * {@link PeTimeoutError} when the job ran out of time, and one error per other problem. The first
 * is thrown; the others are suppressed in it.
 */
final class FailureReport {
    private FailureReport() {
    }

    /** Throws the error describing {@code outcome}, unless it passed. */
    static void throwIfFailed(JobOutcome outcome) {
        if (outcome.passed()) {
            return;
        }
        List<AssertionError> errors = errors(outcome);
        AssertionError first = errors.getFirst();
        errors.subList(1, errors.size()).forEach(first::addSuppressed);
        throw first;
    }

    /** The errors describing a failed {@code outcome}, the one to throw first. */
    static List<AssertionError> errors(JobOutcome outcome) {
        List<AssertionError> errors = new ArrayList<>();
        List<PeResult> failed = outcome.pes().stream()
                .filter(r -> r.failure() != null && !r.runningAtTimeout()).toList();
        List<PeResult> own = failed.stream().filter(r -> !Consequences.isConsequence(r.failure())).toList();
        // Failures that only follow from another's are reported when nothing else explains them.
        for (PeResult r : own.isEmpty() && !outcome.timedOut() ? failed : own) {
            errors.add(new PeFailedError(r.rank(), outcome.size(), r.failure()));
        }
        if (outcome.timedOut()) {
            errors.add(timeout(outcome));
        }
        for (String problem : outcome.problems()) {
            errors.add(new AssertionFailedError(problem));
        }
        if (errors.isEmpty()) {
            for (PeResult r : outcome.pes()) {
                if (!r.passed()) {
                    errors.add(new AssertionFailedError("PE " + r.rank() + " of " + outcome.size()
                            + " ended without reporting a result; it was last " + r.where().description()));
                }
            }
        }
        return errors;
    }

    private static PeTimeoutError timeout(JobOutcome outcome) {
        List<PeResult> running = outcome.pes().stream().filter(PeResult::runningAtTimeout).toList();
        // PEs in the same place are named together, in the order of their first rank.
        Map<String, List<Integer>> byPlace = new LinkedHashMap<>();
        for (PeResult r : running) {
            byPlace.computeIfAbsent(r.whereAtTimeout(), k -> new ArrayList<>()).add(r.rank());
        }
        String where = byPlace.entrySet().stream()
                .map(e -> (e.getValue().size() == 1 ? "PE " : "PEs ")
                        + e.getValue().stream().map(String::valueOf).collect(Collectors.joining(", ")) + " " + e.getKey())
                .collect(Collectors.joining("; "));
        String message = "@PgasTest timed out after " + outcome.timeoutSeconds() + " s with " + running.size() + " of "
                + outcome.size() + " PEs still running" + (where.isEmpty() ? "" : ": " + where);
        PeTimeoutError e = new PeTimeoutError(message, running.stream().map(PeResult::rank).toList());
        for (PeResult r : running) {
            if (r.stackAtTimeout() != null && r.where() == Phase.IN_METHOD) {
                e.addSuppressed(new PeStackAtTimeout(r.rank(), outcome.size(), r.stackAtTimeout()));
            }
        }
        return e;
    }

    /** Where a PE thread was at the timeout, as an exception whose stack trace is that thread's. */
    static final class PeStackAtTimeout extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PeStackAtTimeout(int rank, int size, StackTraceElement[] stack) {
            super("PE " + rank + " of " + size + " was here at the timeout", null, false, true);
            setStackTrace(stack);
        }
    }
}
