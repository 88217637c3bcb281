package org.pgas4j.launcher;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/** {@code pgas4j bench ...}: hands the rest of the command line to the benchmark driver. */
final class BenchCommand {
    /** The benchmark driver's main class. */
    static final String BENCH_MAIN = "org.pgas4j.bench.BenchMain";

    private BenchCommand() {
    }

    /**
     * Calls {@code BenchMain.main(args)}.
     *
     * @return 0 when it returns normally (it may also exit by itself)
     * @throws UsageException when the driver is not part of this build
     */
    static int run(String[] args) throws Throwable {
        Method main;
        try {
            Class<?> c = Class.forName(BENCH_MAIN, true, Launcher.class.getClassLoader());
            main = c.getMethod("main", String[].class);
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            throw new UsageException("bench is not available in this build of pgas4j (" + BENCH_MAIN
                    + ".main(String[]) not found)");
        }
        if (!Modifier.isStatic(main.getModifiers())) {
            throw new UsageException(BENCH_MAIN + ".main is not static");
        }
        try {
            main.invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        return 0;
    }
}
