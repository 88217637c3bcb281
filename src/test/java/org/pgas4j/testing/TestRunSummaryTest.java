package org.pgas4j.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/test's closing summary, on reports shaped as Surefire 3.5 writes them. */
class TestRunSummaryTest {
    @TempDir
    Path dir;

    @Test
    void countsEachOutcomeAndGroupsTheSkipsByReasonAndComponent() throws Exception {
        Files.writeString(dir.resolve("TEST-a.A.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="a.A" tests="6" errors="1" skipped="3" failures="1">
                  <testcase name="ok" classname="a.A" time="0.1"/>
                  <testcase name="bad" classname="a.A"><failure message="x" type="AssertionFailedError">trace</failure></testcase>
                  <testcase name="broken" classname="a.A"><error message="y" type="IllegalStateException">trace</error></testcase>
                  <testcase name="off" classname="a.A"><skipped message="needs UCX&apos;s libraries [ucx]: gone"/></testcase>
                  <testcase name="off2" classname="a.A"><skipped message="needs UCX&apos;s libraries [ucx]: gone"/></testcase>
                  <testcase name="aborted" classname="a.A"><skipped type="org.opentest4j.TestAbortedException"><![CDATA[org.opentest4j.TestAbortedException: Assumption failed: no CUDA device
                	at org.junit.jupiter.api.Assumptions.throwAssumptionFailed(Assumptions.java:316)
                ]]></skipped></testcase>
                </testsuite>
                """);
        Files.writeString(dir.resolve("TEST-b.B.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="b.B" tests="1" errors="0" skipped="1" failures="0">
                  <testcase name="h" classname="b.B"><skipped message="needs headers [ucx-headers]: none"/></testcase>
                </testsuite>
                """);
        Files.writeString(dir.resolve("b.B.txt"), "not a report");
        String out = print(TestRunSummary.read(dir));
        assertEquals("""
                bin/test: skipped, by reason:
                     2 x needs UCX's libraries [ucx]: gone
                     1 x no CUDA device
                     1 x needs headers [ucx-headers]: none
                bin/test: skipped for a missing component: ucx 2, ucx-headers 1; for other reasons: 1
                tests: 1 passed, 2 failed, 4 skipped
                """, out);
    }

    @Test
    void withoutSkipsOnlyTheClosingLine() throws Exception {
        Files.writeString(dir.resolve("TEST-c.C.xml"), """
                <testsuite name="c.C"><testcase name="ok" classname="c.C"/></testsuite>
                """);
        assertEquals("tests: 1 passed, 0 failed, 0 skipped\n", print(TestRunSummary.read(dir)));
    }

    private static String print(TestRunSummary s) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        s.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
