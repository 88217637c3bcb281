package org.pgas4j.junit;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.pgas4j.Client;
import org.pgas4j.Team;
import org.pgas4j.shmem.Shmem;

/** What each parameter of a {@code @PgasTest} method receives. */
final class PeParameters {
    /** What one parameter receives. */
    enum Kind {
        /** The PE's {@link Client}. */
        CLIENT,
        /** The PE's {@link Shmem} (whose client is the {@link #CLIENT} when both are asked for). */
        SHMEM,
        /** The world team of the PE's client. */
        TEAM,
        /** The PE's rank ({@link Rank}). */
        RANK,
        /** The job's number of PEs ({@link PeCount}). */
        PE_COUNT,
        /** Not a pgas4j parameter: whatever JUnit's other resolvers give it. */
        JUNIT
    }

    private final Method method;
    private final List<Kind> kinds;

    private PeParameters(Method method, List<Kind> kinds) {
        this.method = method;
        this.kinds = List.copyOf(kinds);
    }

    /**
     * The parameters of {@code method}.
     *
     * @throws ExtensionConfigurationException for a misused {@link Rank} or {@link PeCount}
     */
    static PeParameters of(Method method) {
        List<Kind> kinds = new ArrayList<>();
        for (Parameter p : method.getParameters()) {
            kinds.add(kindOf(p));
        }
        return new PeParameters(method, kinds);
    }

    /**
     * What {@code p} receives.
     *
     * @throws ExtensionConfigurationException for a misused {@link Rank} or {@link PeCount}
     */
    static Kind kindOf(Parameter p) {
        boolean rank = p.isAnnotationPresent(Rank.class);
        boolean count = p.isAnnotationPresent(PeCount.class);
        if (rank || count) {
            if (rank && count) {
                throw new ExtensionConfigurationException("@PgasTest: parameter " + p + " of "
                        + p.getDeclaringExecutable() + " is both @Rank and @PeCount");
            }
            if (p.getType() != int.class && p.getType() != Integer.class) {
                throw new ExtensionConfigurationException("@PgasTest: parameter " + p + " of "
                        + p.getDeclaringExecutable() + " is @" + (rank ? "Rank" : "PeCount") + " but not an int");
            }
            return rank ? Kind.RANK : Kind.PE_COUNT;
        }
        if (p.getType() == Client.class) {
            return Kind.CLIENT;
        }
        if (p.getType() == Shmem.class) {
            return Kind.SHMEM;
        }
        if (p.getType() == Team.class) {
            return Kind.TEAM;
        }
        return Kind.JUNIT;
    }

    /** Whether some parameter receives {@code kind}. */
    boolean needs(Kind kind) {
        return kinds.contains(kind);
    }

    /** What parameter {@code index} receives. */
    Kind kind(int index) {
        return kinds.get(index);
    }

    /** The number of parameters. */
    int count() {
        return kinds.size();
    }

    /** The parameters only JUnit's own resolvers can give, as {@code parameter 2 (TestInfo)} each. */
    List<String> fromJUnit() {
        List<String> names = new ArrayList<>();
        Parameter[] ps = method.getParameters();
        for (int i = 0; i < ps.length; i++) {
            if (kinds.get(i) == Kind.JUNIT) {
                names.add("parameter " + (i + 1) + " (" + ps[i].getType().getSimpleName() + ")");
            }
        }
        return names;
    }
}
