package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import org.pgas4j.spi.NativeLibraries;

/**
 * Loads UCX's {@code libucp.so.0} and {@code libucs.so.0} once per JVM, through
 * java.lang.foreign (from the directories of {@code pgas4j.library.path} when it is set), and says
 * clearly when they are missing. Loading libucs installs UCX's own
 * SIGSEGV, SIGBUS, SIGFPE and SIGILL handlers, which fight the JVM's use of SIGSEGV; this class
 * removes them right after loading.
 */
public final class UcpLibrary {
    /** The signals libucs catches by default and the JVM needs: SIGSEGV, SIGBUS, SIGFPE, SIGILL. */
    private static final int[] JVM_SIGNALS = {11, 7, 8, 4};
    private static final Linker LINKER = Linker.nativeLinker();
    private static final Loaded LOADED = load("libucs.so.0", "libucp.so.0");
    private static final SymbolLookup UCP = LOADED.ucp();
    private static final SymbolLookup UCS = LOADED.ucs();
    private static final String UNAVAILABLE = LOADED.problem();

    /**
     * What loading found.
     *
     * @param ucs libucs, or null
     * @param ucp libucp, or null
     * @param problem why UCX is unusable, or null when both loaded
     */
    record Loaded(SymbolLookup ucs, SymbolLookup ucp, String problem) {
    }

    /**
     * Loads libucs then libucp under the given names and removes libucs's signal handlers.
     * Never throws: a missing library is reported in {@link Loaded#problem()}.
     *
     * @param ucsName the file name of libucs to look up
     * @param ucpName the file name of libucp to look up
     */
    static Loaded load(String ucsName, String ucpName) {
        SymbolLookup ucs;
        SymbolLookup ucp;
        try {
            ucs = NativeLibraries.load(ucsName, Arena.global());
        } catch (IllegalArgumentException e) {
            return new Loaded(null, null, missing(ucsName, e));
        }
        try {
            ucp = NativeLibraries.load(ucpName, Arena.global());
        } catch (IllegalArgumentException e) {
            return new Loaded(null, null, missing(ucpName, e));
        }
        try {
            MethodHandle disable = LINKER.downcallHandle(ucs.findOrThrow("ucs_debug_disable_signal"),
                    FunctionDescriptor.ofVoid(JAVA_INT));
            for (int signal : JVM_SIGNALS) {
                disable.invokeExact(signal);
            }
        } catch (Throwable t) {
            return new Loaded(null, null, "UCX was found but its signal handlers could not be removed: " + t);
        }
        return new Loaded(ucs, ucp, null);
    }

    private static String missing(String library, IllegalArgumentException e) {
        return "UCX is not installed: " + library + " could not be loaded (" + e.getMessage()
                + "); install UCX 1.13 or later (Debian: apt-get install libucx0)";
    }

    private UcpLibrary() {
    }

    /**
     * Why UCX cannot be used in this JVM.
     *
     * @return null when libucp and libucs loaded, otherwise a sentence naming what is missing
     */
    public static String unavailableReason() {
        return UNAVAILABLE;
    }

    /**
     * Throws when UCX is missing; called before any UCX object is created.
     *
     * @throws UnsupportedOperationException with {@link #unavailableReason()} as its message
     */
    public static void require() {
        if (UNAVAILABLE != null) {
            throw new UnsupportedOperationException(UNAVAILABLE);
        }
    }

    /**
     * A downcall handle for a libucp or libucs function, or null when UCX is missing.
     *
     * @param name the C function name
     * @param descriptor its signature
     * @param critical whether the call may use {@link Linker.Option#critical(boolean)}: only for
     *     functions that never call back into Java (no progress, no callbacks)
     */
    static MethodHandle downcall(String name, FunctionDescriptor descriptor, boolean critical) {
        if (UCP == null) {
            return null;
        }
        var symbol = (name.startsWith("ucs_") ? UCS : UCP).find(name)
                .orElseThrow(() -> new IllegalStateException("UCX symbol " + name + " not found"));
        return critical ? LINKER.downcallHandle(symbol, descriptor, Linker.Option.critical(false))
                : LINKER.downcallHandle(symbol, descriptor);
    }

    /**
     * A downcall handle for a C library function ({@code poll}), or null when UCX is missing
     * (its only users are UCX's wake-up calls). Never critical: these calls block.
     *
     * @param name the C function name
     * @param descriptor its signature
     */
    static MethodHandle libc(String name, FunctionDescriptor descriptor) {
        if (UCP == null) {
            return null;
        }
        var symbol = LINKER.defaultLookup().find(name)
                .orElseThrow(() -> new IllegalStateException("C library symbol " + name + " not found"));
        return LINKER.downcallHandle(symbol, descriptor);
    }

    /**
     * Turns what a downcall threw into an unchecked exception naming the call.
     *
     * @param call the C function
     * @param t what {@code invokeExact} threw
     * @return an exception to throw
     */
    static RuntimeException failure(String call, Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException("downcall " + call + " failed", t);
    }
}
