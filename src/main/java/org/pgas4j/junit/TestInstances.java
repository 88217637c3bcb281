package org.pgas4j.junit;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * Makes the instance of the test class each PE runs the method on: a new one per PE, with the
 * no-argument constructor (for an inner class, of a new instance of its enclosing class), as a PE
 * process would.
 */
final class TestInstances {
    private TestInstances() {
    }

    /**
     * Checks that {@code testClass} can be instantiated so, before any PE starts.
     *
     * @throws ExtensionConfigurationException naming the class when it cannot
     */
    static void check(Class<?> testClass) {
        constructor(testClass);
        if (isInner(testClass)) {
            check(testClass.getEnclosingClass());
        }
    }

    /** A new instance of {@code testClass}; what its constructor throws is thrown. */
    static Object create(Class<?> testClass) throws Throwable {
        Constructor<?> c = constructor(testClass);
        try {
            return isInner(testClass) ? c.newInstance(create(testClass.getEnclosingClass())) : c.newInstance();
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static Constructor<?> constructor(Class<?> testClass) {
        try {
            Constructor<?> c = isInner(testClass)
                    ? testClass.getDeclaredConstructor(testClass.getEnclosingClass())
                    : testClass.getDeclaredConstructor();
            c.setAccessible(true);
            return c;
        } catch (NoSuchMethodException e) {
            throw new ExtensionConfigurationException("@PgasTest: every PE runs the test on an instance of its own, "
                    + "so " + testClass.getName() + " needs a constructor without parameters");
        }
    }

    private static boolean isInner(Class<?> c) {
        return c.isMemberClass() && !Modifier.isStatic(c.getModifiers());
    }
}
