package org.pgas4j.internal.memory;

/**
 * The JDK customizes a method handle at its 128th call from code the JIT has not inlined
 * ({@code java.lang.invoke.MethodHandle.CUSTOMIZE_THRESHOLD}, 127 by default): it spins a class for
 * that handle, 40-80 KB allocated at once. A copy path whose handle would otherwise reach that count
 * in the middle of some later copy has it done where the path's other one-off costs are paid, with
 * calls that do nothing.
 */
final class HandleCustomization {
    /** Calls past the JDK's default threshold. */
    private static final int CALLS = 128;

    /** One call through the handle to customize, which must do nothing. */
    @FunctionalInterface
    interface Call {
        /** Makes the call. */
        void call() throws Throwable;
    }

    private HandleCustomization() {
    }

    /**
     * Makes {@code call} often enough that its handle is customized now.
     *
     * @param what what the call is, for the error should it throw
     * @param call a call through the handle that does nothing
     */
    static void force(String what, Call call) {
        try {
            for (int i = 0; i < CALLS; i++) {
                call.call();
            }
        } catch (Throwable e) {
            throw new AssertionError(what + " threw " + e, e);
        }
    }
}
