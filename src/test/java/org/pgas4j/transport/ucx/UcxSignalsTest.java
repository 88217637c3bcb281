package org.pgas4j.transport.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.pgas4j.testing.SystemComponent;
import org.pgas4j.testing.Needs;

/**
 * libucs installs its own SIGSEGV handler, and the JVM turns SIGSEGV in compiled code into
 * NullPointerExceptions: in a child JVM that loaded UCX through {@link UcpLibrary} (which removes
 * the handlers), null checks in compiled code still throw; in a child that loaded UCX without
 * it, the first one kills the JVM. Skipped when libucp is not installed.
 */
@Timeout(120)
@Needs(SystemComponent.UCX)
class UcxSignalsTest {
    private static final int NULLS = 100;

    @Test
    void nullChecksInCompiledCodeStillThrowAfterUcpLibraryLoadedUcx() throws Exception {
        Result r = runChild("binding");
        assertEquals(0, r.status, r.output);
        assertTrue(r.output.contains("null pointer exceptions caught: " + NULLS), r.output);
    }

    @Test
    void withoutRemovingUcxHandlersTheFirstOneKillsTheJvm() throws Exception {
        Result r = runChild("raw");
        assumeTrue(r.status != 0, "this UCX installs no SIGSEGV handler: nothing to show\n" + r.output);
        assertTrue(r.output.contains("Caught signal 11"), r.output);
    }

    private record Result(int status, String output) {
    }

    private static Result runChild(String mode) throws Exception {
        String classPath = Path.of(UcpLibrary.class.getProtectionDomain().getCodeSource().getLocation().toURI()) + ":"
                + Path.of(UcxSignalsTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-XX:-CreateCoredumpOnCrash", "-XX:ErrorFile=/dev/null", "-cp",
                classPath, Child.class.getName(), mode).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("UCX_"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child JVM did not finish: " + out);
        return new Result(p.exitValue(), out);
    }

    /** The child JVM: loads UCX one way or the other, then provokes null checks in compiled code. */
    static final class Child {
        private Child() {
        }

        /**
         * Loads UCX ({@code binding}: through UcpLibrary and a context; {@code raw}: plain library
         * lookups and {@code ucp_config_read}), then counts the NullPointerExceptions of a hot
         * method called with null.
         *
         * @param args the mode
         * @throws Throwable if a downcall fails
         */
        public static void main(String[] args) throws Throwable {
            if (args[0].equals("binding")) {
                try (UcpContext context = UcpContext.create(UcpParams.FEATURE_RMA, Map.of())) {
                    System.out.println("UCX context created through the binding");
                }
            } else {
                SymbolLookup.libraryLookup("libucs.so.0", Arena.global());
                SymbolLookup ucp = SymbolLookup.libraryLookup("libucp.so.0", Arena.global());
                MethodHandle read = Linker.nativeLinker().downcallHandle(ucp.findOrThrow("ucp_config_read"),
                        FunctionDescriptor.of(ValueLayout.JAVA_BYTE, ValueLayout.ADDRESS, ValueLayout.ADDRESS,
                                ValueLayout.ADDRESS));
                byte status = (byte) read.invokeExact(MemorySegment.NULL, MemorySegment.NULL,
                        Arena.global().allocate(ValueLayout.ADDRESS));
                System.out.println("ucp_config_read without the binding: " + status);
            }
            long sum = 0;
            for (int i = 0; i < 500_000; i++) {
                sum += length("abc");
            }
            int caught = 0;
            for (int i = 0; i < NULLS; i++) {
                try {
                    sum += length(null);
                } catch (NullPointerException e) {
                    caught++;
                }
            }
            System.out.println("sum " + sum + ", null pointer exceptions caught: " + caught);
        }

        private static int length(String s) {
            return s.length();
        }
    }
}
