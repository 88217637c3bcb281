package org.pgas4j.mpi;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A process of the MPI facade's conformance suite: runs the named scenario set with one
 * {@link Mpi}, printing {@code SCENARIO <name> PASS|FAIL ...} lines and exiting non-zero on the
 * first failure; then checks that a closed Mpi refuses use ({@code useAfterClose}).
 */
public final class MpiConformancePe {
    private MpiConformancePe() {
    }

    /** Argument: the scenario set. */
    public static void main(String[] args) {
        try {
            runAll(MpiConformanceTest.set(args[0]),
                    (name, result) -> System.out.println(org.pgas4j.testing.ScenarioReports.MARK + name + " " + result));
        } catch (Throwable t) {
            System.out.flush();
            System.exit(1);
        }
    }

    static void runAll(Map<String, MpiScenario> set, BiConsumer<String, String> report) throws Exception {
        Mpi mpi = Mpi.init();
        try {
            mpi.world().barrier();
            for (Map.Entry<String, MpiScenario> s : set.entrySet()) {
                try {
                    s.getValue().run(mpi);
                    mpi.world().barrier();
                } catch (Throwable t) {
                    report.accept(s.getKey(), "FAIL " + oneLine(t));
                    throw t instanceof Exception e ? e : new RuntimeException(t);
                }
                report.accept(s.getKey(), "PASS");
            }
        } finally {
            mpi.close();
        }
        if (set == MpiConformanceTest.set("errors")) {
            try {
                ErrorScenarios.afterClose(mpi);
            } catch (Throwable t) {
                report.accept(ErrorScenarios.AFTER_CLOSE, "FAIL " + oneLine(t));
                throw t instanceof Exception e ? e : new RuntimeException(t);
            }
            report.accept(ErrorScenarios.AFTER_CLOSE, "PASS");
        }
    }

    static String oneLine(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString().replace('\n', '|').replace('\t', ' ');
    }
}
