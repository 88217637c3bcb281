package org.pgas4j.gaspi;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/** The host's page size, asked of the C library once ({@code getpagesize}); 4096 where it cannot be. */
final class PageSize {
    static final long BYTES = query();

    private PageSize() {
    }

    private static long query() {
        try {
            Linker linker = Linker.nativeLinker();
            MethodHandle h = linker.downcallHandle(linker.defaultLookup().find("getpagesize").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT));
            int v = (int) h.invokeExact();
            return v > 0 ? v : 4096;
        } catch (Throwable t) {
            return 4096;
        }
    }
}
