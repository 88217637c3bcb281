package org.pgas4j.launcher;

import java.util.ArrayList;
import java.util.List;

/**
 * Expands Slurm's compressed host lists ({@code SLURM_STEP_NODELIST}): {@code cn[01-03,7],gpu5}
 * is cn01, cn02, cn03, cn7, gpu5 (zero padding kept). One bracket group per name.
 */
final class SlurmHostList {
    private SlurmHostList() {
    }

    /**
     * The host names of {@code text}, in order.
     *
     * @throws UsageException when {@code text} is malformed
     */
    static List<String> expand(String text) {
        List<String> hosts = new ArrayList<>();
        for (String item : splitTopLevel(text.trim())) {
            int open = item.indexOf('[');
            if (open < 0) {
                hosts.add(item);
                continue;
            }
            int close = item.indexOf(']', open);
            if (close < 0) {
                throw bad(text);
            }
            String prefix = item.substring(0, open);
            String suffix = item.substring(close + 1);
            for (String range : item.substring(open + 1, close).split(",")) {
                String[] ends = range.split("-", -1);
                if (ends.length > 2 || !ends[0].matches("\\d+") || (ends.length == 2 && !ends[1].matches("\\d+"))) {
                    throw bad(text);
                }
                int from = Integer.parseInt(ends[0]);
                int to = ends.length == 2 ? Integer.parseInt(ends[1]) : from;
                if (to < from || to - from > RunOptions.MAX_PES) {
                    throw bad(text);
                }
                for (int i = from; i <= to; i++) {
                    String n = Integer.toString(i);
                    hosts.add(prefix + "0".repeat(Math.max(0, ends[0].length() - n.length())) + n + suffix);
                }
            }
        }
        return hosts;
    }

    private static List<String> splitTopLevel(String text) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                items.add(text.substring(start, i));
                start = i + 1;
            }
        }
        items.add(text.substring(start));
        for (String item : items) {
            if (item.isEmpty() || depth != 0) {
                throw bad(text);
            }
        }
        return items;
    }

    private static UsageException bad(String text) {
        return new UsageException("--slurm: SLURM_STEP_NODELIST='" + text + "' is not a host list like cn[01-03],gpu5");
    }
}
