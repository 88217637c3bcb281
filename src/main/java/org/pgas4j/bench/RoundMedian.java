package org.pgas4j.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Combines the results of several rounds of one measurement: the median of each figure. */
final class RoundMedian {
    private RoundMedian() {
    }

    /**
     * The median, per key, of the figures of {@code rounds}; a key is kept only if every round
     * reported it (a missing one is then reported as missing by {@link RmaReport#from}).
     */
    static Map<String, Double> of(List<Map<String, Double>> rounds) {
        Map<String, Double> out = new LinkedHashMap<>();
        if (rounds.isEmpty()) {
            return out;
        }
        for (String key : rounds.getFirst().keySet()) {
            double[] values = new double[rounds.size()];
            boolean everywhere = true;
            for (int r = 0; r < values.length && everywhere; r++) {
                Double v = rounds.get(r).get(key);
                everywhere = v != null;
                values[r] = everywhere ? v : 0;
            }
            if (everywhere) {
                out.put(key, Median.of(values));
            }
        }
        return out;
    }
}
