package org.pgas4j.gaspi;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A rank process of the GASPI conformance suite: runs the named scenario set and prints
 * {@code SCENARIO <name> PASS|FAIL ...} lines, exiting non-zero on the first failure.
 */
public final class GaspiConformancePe {
    private GaspiConformancePe() {
    }

    /** Argument: the scenario set. */
    public static void main(String[] args) {
        try {
            runAll(GaspiConformanceTest.set(args[0]), (name, result) ->
                    System.out.println(org.pgas4j.testing.ScenarioReports.MARK + name + " " + result));
        } catch (Throwable t) {
            System.out.flush();
            System.exit(1);
        }
    }

    /** Runs every scenario of {@code set} with one {@link Gaspi}; {@code report} gets (name, PASS or FAIL ...). */
    static void runAll(Map<String, GaspiScenario> set, BiConsumer<String, String> report) throws Exception {
        try (Gaspi gaspi = Gaspi.init(60_000)) {
            for (Map.Entry<String, GaspiScenario> s : set.entrySet()) {
                try {
                    s.getValue().run(gaspi);
                    Expect.success(gaspi.barrier(Gaspi.GROUP_ALL, 60_000), "barrier after " + s.getKey());
                    Expect.equal(0, gaspi.segmentNum(), "segments left by " + s.getKey());
                } catch (Throwable t) {
                    report.accept(s.getKey(), "FAIL " + oneLine(t));
                    throw t instanceof Exception e ? e : new RuntimeException(t);
                }
                report.accept(s.getKey(), "PASS");
            }
        }
    }

    private static String oneLine(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString().replace('\n', '|').replace('\t', ' ');
    }
}
