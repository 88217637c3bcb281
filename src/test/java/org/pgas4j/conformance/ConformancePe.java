package org.pgas4j.conformance;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A PE process of the conformance suite: runs the named scenario set (or one scenario) and prints
 * {@code SCENARIO <name> PASS|FAIL ...} lines, exiting non-zero on the first failure.
 */
public final class ConformancePe {
    private ConformancePe() {
    }

    /** Arguments: the scenario set ({@code rma}, {@code segments}) and optionally one scenario name. */
    public static void main(String[] args) throws Exception {
        Map<String, Scenario> set = ScenarioSets.byName(args[0]);
        if (args.length > 1) {
            Map<String, Scenario> one = new LinkedHashMap<>();
            one.put(args[1], set.get(args[1]));
            set = one;
        }
        try {
            ScenarioRunner.runAll(set, (name, result) -> System.out.println(ScenarioRunner.MARK + name + " " + result));
        } catch (Exception e) {
            System.out.flush();
            System.exit(1);
        }
    }
}
