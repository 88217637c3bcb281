package org.pgas4j.junit;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.pgas4j.bootstrap.LaunchEnvironment;

/**
 * A PE process of a {@link PgasTest.Transport#SHM} job, started by the launcher: runs the test
 * method as its PE (as {@link PeBody} does for a thread), reports each phase and the result
 * through {@link PeStatusFiles}, and exits with 0 when it passed, else 1 (so that the launcher
 * stops the other PEs). Arguments: {@code STATUS_DIR TEST_CLASS METHOD [PARAMETER_TYPE...]}.
 */
final class ShmPeMain {
    private ShmPeMain() {
    }

    static void main(String[] args) {
        PeStatusFiles status = new PeStatusFiles(Path.of(args[0]));
        int rank = Integer.parseInt(System.getenv(LaunchEnvironment.RANK));
        int size = Integer.parseInt(System.getenv(LaunchEnvironment.SIZE));
        int exit = 0;
        try {
            Class<?> testClass = Class.forName(args[1], false, ShmPeMain.class.getClassLoader());
            Method method = find(testClass, args[2], Arrays.asList(args).subList(3, args.length));
            new PeBody(testClass, method, PeParameters.of(method)).run(rank, size, List.of(), status);
            status.entered(rank, Phase.PASSED);
        } catch (Throwable t) {
            status.failed(rank, t);
            exit = 1;
        }
        System.out.flush();
        System.err.flush();
        System.exit(exit);
    }

    /** The method of {@code testClass} (or a superclass) named {@code name} with parameters of {@code types}. */
    static Method find(Class<?> testClass, String name, List<String> types) throws NoSuchMethodException {
        for (Class<?> c = testClass; c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && Arrays.stream(m.getParameterTypes()).map(Class::getName).toList().equals(types)) {
                    return m;
                }
            }
        }
        throw new NoSuchMethodException(testClass.getName() + "." + name + types);
    }

    /** The arguments that make a PE process run {@code method} of {@code testClass}, reporting into {@code dir}. */
    static List<String> arguments(Path dir, Class<?> testClass, Method method) {
        List<String> a = new java.util.ArrayList<>(List.of(dir.toString(), testClass.getName(), method.getName()));
        Arrays.stream(method.getParameterTypes()).map(Class::getName).forEach(a::add);
        return a;
    }
}
