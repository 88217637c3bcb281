package org.pgas4j.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * src/build/ExpandTemplates.java, the build step that writes the per-primitive-type sources
 * (Rma, Atomics, ShmemContext), run as the build runs it: {@code java ExpandTemplates.java IN OUT}.
 */
@Timeout(120)
class ExpandTemplatesTest {
    private static final Path TOOL = Scripts.REPO.resolve("src/build/ExpandTemplates.java");

    @TempDir
    Path dir;

    private Scripts.Outcome expand() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return Scripts.run(dir, Map.of(), java, TOOL.toString(), dir.resolve("in").toString(), dir.resolve("out").toString());
    }

    private void template(String relative, String text) throws Exception {
        Path t = dir.resolve("in").resolve(relative);
        Files.createDirectories(t.getParent());
        Files.writeString(t, text);
    }

    @Test
    void expandsEachBlockOncePerTypeWithTheBuiltInAndTheBlocksOwnNames() throws Exception {
        template("p/Widths.java.template", """
                package p;
                class Widths {
                    //#each int long
                    //#let $ZERO$ int=0 long=0L
                    static final $type$ $TYPE$_ZERO = $ZERO$; // $Type$ $Boxed$ $BYTES$ $BITS$ $LAYOUT$
                    //#end
                }
                """);
        Scripts.Outcome run = expand();
        assertEquals(0, run.status(), run.toString());
        assertEquals("""
                package p;
                class Widths {
                    static final int INT_ZERO = 0; // Int Integer 4 32 JAVA_INT
                    static final long LONG_ZERO = 0L; // Long Long 8 64 JAVA_LONG
                }
                """, Files.readString(dir.resolve("out/p/Widths.java")));
    }

    @Test
    void removesWhatItExpandedFromATemplateThatIsGone() throws Exception {
        template("p/Old.java.template", "package p;\nclass Old {}\n");
        assertEquals(0, expand().status());
        assertTrue(Files.exists(dir.resolve("out/p/Old.java")));
        Files.delete(dir.resolve("in/p/Old.java.template"));
        template("p/New.java.template", "package p;\nclass New {}\n");
        Scripts.Outcome run = expand();
        assertEquals(0, run.status(), run.toString());
        assertFalse(Files.exists(dir.resolve("out/p/Old.java")), "a stale expansion would still be compiled");
        assertTrue(Files.exists(dir.resolve("out/p/New.java")));
    }

    @Test
    void leavesAnUnchangedOutputUntouchedSoThatCompilationStaysIncremental() throws Exception {
        template("p/Same.java.template", "package p;\nclass Same {}\n");
        assertEquals(0, expand().status());
        Path out = dir.resolve("out/p/Same.java");
        Files.setLastModifiedTime(out, java.nio.file.attribute.FileTime.fromMillis(1_000_000L));
        assertEquals(0, expand().status());
        assertEquals(1_000_000L, Files.getLastModifiedTime(out).toMillis());
    }

    @Test
    void refusesAMalformedTemplateNamingTheFileAndTheLine() throws Exception {
        template("p/Open.java.template", "package p;\nclass Open {\n    //#each int\n    int x;\n}\n");
        Scripts.Outcome open = expand();
        assertTrue(open.status() != 0 && open.err().contains("Open.java.template:3: //#each without //#end"), open.toString());

        Files.delete(dir.resolve("in/p/Open.java.template"));
        template("p/Bad.java.template", "package p;\nclass Bad {\n    //#each int bool\n    //#end\n}\n");
        Scripts.Outcome bad = expand();
        assertTrue(bad.status() != 0 && bad.err().contains("Bad.java.template:3: bool is not a primitive type"), bad.toString());

        Files.delete(dir.resolve("in/p/Bad.java.template"));
        template("p/Let.java.template", "package p;\nclass Let {\n    //#each int long\n    //#let $X$ int=1\n    //#end\n}\n");
        Scripts.Outcome let = expand();
        assertTrue(let.status() != 0 && let.err().contains("Let.java.template:4: //#let $X$ has no value for long"),
                let.toString());
    }
}
