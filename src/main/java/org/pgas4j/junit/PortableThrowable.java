package org.pgas4j.junit;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * Stands for a PE's failure that could not be serialised (a field of it is not): the same class
 * name, message, stack trace, cause chain and suppressed exceptions, so that the report reads as the
 * original would.
 */
final class PortableThrowable extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final int MAX_DEPTH = 32;

    private final String className;
    private final boolean assertion;

    private PortableThrowable(Throwable original) {
        super(original.getMessage(), null, true, true);
        this.className = original.getClass().getName();
        this.assertion = original instanceof AssertionError;
        setStackTrace(original.getStackTrace());
    }

    /** {@code t} and everything it refers to, as stand-ins. */
    static PortableThrowable of(Throwable t) {
        return of(t, Collections.newSetFromMap(new IdentityHashMap<>()), 0);
    }

    private static PortableThrowable of(Throwable t, Set<Throwable> seen, int depth) {
        PortableThrowable p = new PortableThrowable(t);
        seen.add(t);
        if (depth < MAX_DEPTH) {
            Throwable cause = t.getCause();
            if (cause != null && !seen.contains(cause)) {
                p.initCause(of(cause, seen, depth + 1));
            }
            for (Throwable s : t.getSuppressed()) {
                if (!seen.contains(s)) {
                    p.addSuppressed(of(s, seen, depth + 1));
                }
            }
        }
        return p;
    }

    /** Whether the original was an {@link AssertionError}. */
    boolean wasAssertion() {
        return assertion;
    }

    /** The original's class name. */
    String className() {
        return className;
    }

    @Override
    public String toString() {
        String message = getLocalizedMessage();
        return message != null ? className + ": " + message : className;
    }
}
