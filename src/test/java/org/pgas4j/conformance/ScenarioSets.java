package org.pgas4j.conformance;

import java.util.Map;

/** The named sets of scenarios, each run in one job with one configuration. */
final class ScenarioSets {
    private ScenarioSets() {
    }

    static Map<String, Scenario> byName(String name) {
        return switch (name) {
            case "rma" -> RmaScenarios.all();
            case "am" -> AmScenarios.all();
            case "am-client-segments", "am-client-segments-through-owner" -> AmClientSegmentScenarios.all();
            case "atomics" -> AtomicScenarios.all();
            case "atomics-segments" -> AtomicSegmentScenarios.all();
            case "coll", "coll-dissemination", "coll-central" -> CollectiveScenarios.all();
            case "endpoints" -> EndpointScenarios.all();
            case "vis" -> VisScenarios.all();
            case "teams" -> TeamScenarios.all();
            case "kinds-matrix" -> KindMatrixScenarios.all();
            case "fallback-sizes" -> FallbackSizeScenarios.all();
            case "kinds" -> KindScenarios.all();
            case "runtime-segments" -> SegmentScenarios.runtime();
            case "client-segments" -> SegmentScenarios.clientAllocated();
            default -> throw new IllegalArgumentException("no scenario set " + name);
        };
    }
}
