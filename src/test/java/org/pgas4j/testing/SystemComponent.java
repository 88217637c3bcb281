package org.pgas4j.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * The optional system components of the test suite, one per line of
 * {@code system-dependencies.txt}. A test that needs one says so with {@link Needs} (or, where the
 * need arises at run time, {@link #assume()}) and is skipped with the reason when it is missing: no
 * test fails because a package is not installed.
 */
public enum SystemComponent {
    /** UCX's libraries, libucs and libucp. */
    UCX,
    /** UCX's C headers. */
    UCX_HEADERS,
    /** ucx_perftest. */
    UCX_PERFTEST,
    /** A C compiler. */
    GCC,
    /** iproute2's ip command. */
    IPROUTE2,
    /** unshare, for private mount namespaces. */
    UNSHARE,
    /** The tests run as root. */
    ROOT,
    /** Open MPI's OpenSHMEM and MPI compilers and launchers. */
    OPENMPI,
    /** The HIP runtime, libamdhip64. */
    HIP,
    /** HIP's C headers. */
    HIP_HEADERS,
    /** The oneAPI Level Zero loader, libze_loader. */
    LEVEL_ZERO,
    /** Level Zero's C headers. */
    LEVEL_ZERO_HEADERS,
    /** The PMIx client library. */
    PMIX,
    /** PMIx's C headers. */
    PMIX_HEADERS,
    /** Slurm's daemons and commands, and munge. */
    SLURM;

    /** The system property, JUnit configuration parameter and (upper-cased) variable that sets pgas4j.library.path. */
    static final String LIBRARY_PATH_PARAMETER = "pgas4j.library.path";
    private static final String LIBRARY_PATH_VARIABLE = "PGAS4J_LIBRARY_PATH";

    /** The component's name in the list: the constant's name in lower case, '_' as '-'. */
    public String listName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The component's line in the list. */
    public SystemDependencies.Dependency dependency() {
        return SystemDependencies.named(listName());
    }

    /**
     * Why the component is missing in this JVM's view of the system.
     *
     * @return empty when present, otherwise the skip reason: what, why, and how to install it
     */
    public Optional<String> missing() {
        return missing(SystemProbes.ofThisJvm(libraryPathOfThisJvm()));
    }

    /**
     * Why the component is missing in {@code probes}' view of the system.
     *
     * @return empty when present, otherwise the skip reason: what, why, and how to install it
     */
    public Optional<String> missing(SystemProbes probes) {
        SystemDependencies.Dependency d = dependency();
        List<String> failures = new ArrayList<>();
        for (Probe p : d.probes()) {
            probes.failure(p).ifPresent(failures::add);
        }
        return failures.isEmpty() ? Optional.empty() : Optional.of(reason(failures));
    }

    /** The skip reason for a component whose probes failed so: what, why, and how to install it. */
    String reason(List<String> failures) {
        SystemDependencies.Dependency d = dependency();
        String remedy = d.installable()
                ? "install " + (d.debianPackage().contains(" ") ? "the packages " : "the package ") + d.debianPackage()
                        + " (apt-get install " + d.debianPackage()
                        + "; bin/test installs it unless --no-install)"
                : "no package provides it";
        return "needs " + d.purpose() + " [" + d.name() + "]: " + String.join("; ", failures) + "; " + remedy;
    }

    /** Skips the running test, with the reason, when the component is missing. */
    public void assume() {
        Optional<String> why = missing();
        Assumptions.assumeTrue(why.isEmpty(), why::get);
    }

    /** pgas4j.library.path as this JVM sets it: the system property, else the environment variable. */
    static String libraryPathOfThisJvm() {
        String p = System.getProperty(LIBRARY_PATH_PARAMETER);
        return p != null ? p : System.getenv(LIBRARY_PATH_VARIABLE);
    }
}
