package org.pgas4j.transport.ucx;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/**
 * Loads UCX's {@code libucp.so.0} and {@code libucs.so.0} once per JVM, through
 * java.lang.foreign, and says clearly when they are missing. Loading libucs installs UCX's own
 * SIGSEGV, SIGBUS, SIGFPE and SIGILL handlers, which fight the JVM's use of SIGSEGV; this class
 * removes them right after loading.
 */
public final class UcpLibrary {
    /** The signals libucs catches by default and the JVM needs: SIGSEGV, SIGBUS, SIGFPE, SIGILL. */
    private static final int[] JVM_SIGNALS = {11, 7, 8, 4};
    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup UCP;
    private static final SymbolLookup UCS;
    private static final String UNAVAILABLE;

    static {
        SymbolLookup ucp = null;
        SymbolLookup ucs = null;
        String reason = null;
        try {
            ucs = SymbolLookup.libraryLookup("libucs.so.0", Arena.global());
            ucp = SymbolLookup.libraryLookup("libucp.so.0", Arena.global());
            MethodHandle disable = LINKER.downcallHandle(ucs.findOrThrow("ucs_debug_disable_signal"),
                    FunctionDescriptor.ofVoid(JAVA_INT));
            for (int signal : JVM_SIGNALS) {
                disable.invokeExact(signal);
            }
        } catch (IllegalArgumentException e) {
            ucp = null;
            ucs = null;
            reason = "UCX is not installed: libucp.so.0/libucs.so.0 not found (" + e.getMessage()
                    + "); install libucx0 (Debian: apt-get install libucx0)";
        } catch (Throwable t) {
            ucp = null;
            ucs = null;
            reason = "UCX could not be loaded: " + t;
        }
        UCP = ucp;
        UCS = ucs;
        UNAVAILABLE = reason;
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
