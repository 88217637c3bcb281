package org.pgas4j.shmem;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

/**
 * A PE process of the OpenSHMEM conformance suite: runs the named scenario set and prints
 * {@code SCENARIO <name> PASS|FAIL ...} lines, exiting non-zero on the first failure.
 */
public final class ShmemConformancePe {
    static final String MARK = org.pgas4j.testing.ScenarioReports.MARK;

    private ShmemConformancePe() {
    }

    /** Argument: the scenario set. */
    public static void main(String[] args) {
        try {
            runAll(ShmemConformanceTest.set(args[0]), (name, result) -> System.out.println(MARK + name + " " + result));
        } catch (Throwable t) {
            System.out.flush();
            System.exit(1);
        }
    }

    /** Runs every scenario of {@code set} with one {@link Shmem}; {@code report} gets (name, PASS or FAIL ...). */
    static void runAll(Map<String, ShmemScenario> set, java.util.function.BiConsumer<String, String> report)
            throws Exception {
        try (Shmem shmem = Shmem.init()) {
            runEach(shmem, set, report);
        }
    }

    /** Runs every scenario of {@code set} on {@code shmem}, a barrier after each; stops at the first failure. */
    static void runEach(Shmem shmem, Map<String, ShmemScenario> set, java.util.function.BiConsumer<String, String> report)
            throws Exception {
        shmem.barrierAll();
        for (Map.Entry<String, ShmemScenario> s : set.entrySet()) {
            try {
                s.getValue().run(shmem);
                shmem.barrierAll();
            } catch (Throwable t) {
                report.accept(s.getKey(), "FAIL " + oneLine(t));
                throw t instanceof Exception e ? e : new RuntimeException(t);
            }
            report.accept(s.getKey(), "PASS");
        }
    }

    private static String oneLine(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString().replace('\n', '|').replace('\t', ' ');
    }
}
