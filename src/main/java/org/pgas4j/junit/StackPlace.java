package org.pgas4j.junit;

/**
 * Says where in the test a PE thread is from its stack: the call the test method (or a method of
 * its class) is in ({@code in Team.barrier called from RingTest.java:40}), or the line of the test
 * class it runs ({@code in the test method at RingTest.java:38}).
 */
final class StackPlace {
    private StackPlace() {
    }

    /** Where {@code stack} is in code of {@code testClass}, or null when no frame of it is on the stack. */
    static String of(StackTraceElement[] stack, Class<?> testClass) {
        String name = testClass.getName();
        for (int i = 0; i < stack.length; i++) {
            StackTraceElement f = stack[i];
            if (f.getClassName().equals(name) || f.getClassName().startsWith(name + "$")) {
                String line = f.getFileName() + ":" + f.getLineNumber();
                if (i == 0) {
                    return "in the test method at " + line;
                }
                StackTraceElement callee = stack[i - 1];
                String simple = callee.getClassName().substring(callee.getClassName().lastIndexOf('.') + 1);
                return "in " + simple + "." + callee.getMethodName() + " called from " + line;
            }
        }
        return null;
    }
}
