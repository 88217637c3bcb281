package org.pgas4j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;

/**
 * The reports of a conformance job: each PE prints {@code SCENARIO <name> PASS|FAIL ...} per
 * scenario (prefixed {@code [rank] } by the launcher); this collects them by scenario and rank
 * and turns each scenario into one test that passes only when every PE reported PASS. The entry
 * under the empty name describes the job's outcome, for the messages of scenarios nobody reported.
 */
public final class ScenarioReports {
    /** The prefix of a scenario report line. */
    public static final String MARK = "SCENARIO ";
    private static final Pattern LINE = Pattern.compile("^\\[(\\d+)] " + MARK + "(\\S+) (.*)$");

    private ScenarioReports() {
    }

    /** An empty, thread-safe collection of reports: scenario -> rank -> result. */
    public static Map<String, Map<Integer, String>> empty() {
        return new ConcurrentHashMap<>();
    }

    /** Records one report. */
    public static void add(Map<String, Map<Integer, String>> reports, String scenario, int rank, String result) {
        reports.computeIfAbsent(scenario, k -> new ConcurrentHashMap<>()).put(rank, result);
    }

    /** The reports in the output of a launched job, with the job's outcome under the empty name. */
    public static Map<String, Map<Integer, String>> of(LaunchedJob.Result r) {
        Map<String, Map<Integer, String>> reports = empty();
        for (String line : r.lines()) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                add(reports, m.group(2), Integer.parseInt(m.group(1)), m.group(3));
            }
        }
        reports.put("", Map.of(-1, "job " + r));
        return reports;
    }

    /** One test per scenario of {@code scenarios}, run by {@code n} PEs. */
    public static Stream<DynamicNode> tests(Collection<String> scenarios, int n,
                                            Map<String, Map<Integer, String>> reports) {
        String jobOutcome = reports.containsKey("") ? reports.remove("").get(-1) : "";
        List<DynamicNode> tests = new ArrayList<>();
        for (String scenario : scenarios) {
            Map<Integer, String> perRank = reports.getOrDefault(scenario, Map.of());
            tests.add(DynamicTest.dynamicTest(scenario, () -> {
                for (int r = 0; r < n; r++) {
                    String result = perRank.get(r);
                    if (result == null) {
                        fail("PE " + r + " did not report " + scenario + "; " + jobOutcome);
                    }
                    if (!result.equals("PASS")) {
                        fail("PE " + r + ": " + result.replace('|', '\n'));
                    }
                }
                assertEquals(n, perRank.size(), "reports of " + scenario);
            }));
        }
        return tests.stream();
    }
}
