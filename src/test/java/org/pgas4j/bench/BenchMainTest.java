package org.pgas4j.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The command line of {@code pgas4j bench}: dispatch by name and errors before anything runs. */
@Timeout(10)
class BenchMainTest {
    private record Outcome(int status, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    private static Outcome bench(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = BenchMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void unknownBenchmarkIsOneLineAndStatus2() {
        Outcome o = bench("nosuch", "--json", "x.json");
        assertEquals(2, o.status());
        assertEquals(1, o.errLines().size(), o.err());
        assertTrue(o.err().contains("unknown benchmark 'nosuch'") && o.err().contains("rma"), o.err());
        assertEquals("", o.out());
    }

    @Test
    void missingNameIsStatus2() {
        Outcome o = bench();
        assertEquals(2, o.status());
        assertEquals(1, o.errLines().size(), o.err());
    }

    @Test
    void badRmaArgumentsAreStatus2BeforeAnythingRuns() {
        for (String[] args : List.of(new String[] {"rma", "--bogus"}, new String[] {"rma", "--json"},
                new String[] {"rma", "--quick", "extra"})) {
            Outcome o = bench(args);
            assertEquals(2, o.status(), String.join(" ", args));
            assertEquals(1, o.errLines().size(), o.err());
            assertEquals("", o.out(), "nothing measured for " + String.join(" ", args));
        }
    }

    @Test
    void helpListsTheBenchmarks() {
        Outcome o = bench("help");
        assertEquals(0, o.status());
        assertTrue(o.out().contains("rma"), o.out());
    }

    @Test
    void optionsAreParsed() {
        RmaOptions o = RmaOptions.parse(List.of("--quick", "--json", "out/r.json"));
        assertTrue(o.quick());
        assertEquals("out/r.json", o.json().toString());
        assertEquals("r.json", RmaOptions.parse(List.of("--json=r.json")).json().toString());
    }
}
