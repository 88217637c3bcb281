package org.pgas4j.conformance;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.function.BiConsumer;
import org.pgas4j.Client;

/**
 * Runs scenarios in order on one PE, reporting each as {@code PASS} or {@code FAIL <reason>}.
 * Stops at the first failure: the other PEs would wait for this one in the next barrier, so the
 * failure must end the job (the launcher or LocalJob then stops the rest).
 */
final class ScenarioRunner {
    static final String MARK = org.pgas4j.testing.ScenarioReports.MARK;

    private ScenarioRunner() {
    }

    /** Runs {@code scenarios} with one client; {@code report} receives (name, "PASS" or "FAIL ..."). */
    static void runAll(Map<String, Scenario> scenarios, BiConsumer<String, String> report) throws Exception {
        try (Client client = Client.init()) {
            client.world().barrier();
            for (Map.Entry<String, Scenario> s : scenarios.entrySet()) {
                try {
                    s.getValue().run(client);
                } catch (Throwable t) {
                    report.accept(s.getKey(), "FAIL " + oneLine(t));
                    throw t instanceof Exception e ? e : new RuntimeException(t);
                }
                report.accept(s.getKey(), "PASS");
            }
        }
    }

    static String oneLine(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString().replace('\n', '|').replace('\t', ' ');
    }
}
