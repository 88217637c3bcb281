package org.pgas4j.testing;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The closing summary of {@code bin/test}: reads Surefire's XML reports and prints every skip reason
 * with its count, the skips per missing component of the dependency list, and a last line
 * {@code tests: N passed, N failed, N skipped}. Run as {@code java -cp target/test-classes
 * org.pgas4j.testing.TestRunSummary target/surefire-reports}.
 */
public final class TestRunSummary {
    private static final String ASSUMPTION = "Assumption failed: ";
    private static final Pattern COMPONENT = Pattern.compile("\\[([a-z0-9-]+)]");

    private int passed;
    private int failed;
    private final Map<String, Integer> skipReasons = new LinkedHashMap<>();

    private TestRunSummary() {
    }

    /** Prints the summary of the reports in {@code args[0]}. */
    public static void main(String[] args) throws Exception {
        read(Path.of(args[0])).print(System.out);
    }

    /** Reads every {@code TEST-*.xml} of a Surefire report directory. */
    static TestRunSummary read(Path reports) throws Exception {
        TestRunSummary s = new TestRunSummary();
        List<Path> files;
        try (Stream<Path> list = Files.list(reports)) {
            files = list.filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml")).sorted().toList();
        }
        var builder = DocumentBuilderFactory.newInstance().newDocumentBuilder();
        for (Path f : files) {
            NodeList cases = builder.parse(f.toFile()).getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                s.add((Element) cases.item(i));
            }
        }
        return s;
    }

    private void add(Element testcase) {
        if (child(testcase, "failure") != null || child(testcase, "error") != null) {
            failed++;
            return;
        }
        Element skipped = child(testcase, "skipped");
        if (skipped == null) {
            passed++;
            return;
        }
        skipReasons.merge(reason(skipped), 1, Integer::sum);
    }

    /** A disabled test's reason is the message; an aborted one's is the assumption's first line. */
    static String reason(Element skipped) {
        String text = skipped.hasAttribute("message") ? skipped.getAttribute("message") : skipped.getTextContent();
        int at = text.indexOf(ASSUMPTION);
        if (at >= 0) {
            text = text.substring(at + ASSUMPTION.length());
        }
        int eol = text.indexOf('\n');
        text = (eol >= 0 ? text.substring(0, eol) : text).strip();
        return text.isEmpty() ? "(no reason given)" : text;
    }

    private static Element child(Element parent, String name) {
        NodeList l = parent.getElementsByTagName(name);
        return l.getLength() == 0 ? null : (Element) l.item(0);
    }

    int skipped() {
        return skipReasons.values().stream().mapToInt(Integer::intValue).sum();
    }

    void print(PrintStream out) {
        if (!skipReasons.isEmpty()) {
            out.println("bin/test: skipped, by reason:");
            List<Map.Entry<String, Integer>> byCount = new ArrayList<>(skipReasons.entrySet());
            byCount.sort(Map.Entry.<String, Integer>comparingByValue().reversed());
            byCount.forEach(e -> out.printf("  %4d x %s%n", e.getValue(), e.getKey()));
            Map<String, Integer> components = new TreeMap<>();
            int other = 0;
            for (Map.Entry<String, Integer> e : skipReasons.entrySet()) {
                Matcher m = COMPONENT.matcher(e.getKey());
                if (m.find()) {
                    components.merge(m.group(1), e.getValue(), Integer::sum);
                } else {
                    other += e.getValue();
                }
            }
            List<String> parts = new ArrayList<>();
            components.forEach((c, n) -> parts.add(c + " " + n));
            out.println("bin/test: skipped for a missing component: " + (parts.isEmpty() ? "none" : String.join(", ", parts))
                    + "; for other reasons: " + other);
        }
        out.println("tests: " + passed + " passed, " + failed + " failed, " + skipped() + " skipped");
    }
}
