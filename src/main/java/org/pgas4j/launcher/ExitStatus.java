package org.pgas4j.launcher;

/**
 * Words for a process exit status. Java reports a process killed by signal {@code s} as status
 * {@code 128 + s}, so a program that calls {@code System.exit(137)} reads like one killed by
 * SIGKILL; the launcher cannot tell them apart and names the signal.
 */
final class ExitStatus {
    private static final String[] SIGNALS = {
        null, "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE", "SIGKILL",
        "SIGUSR1", "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT", "SIGCHLD", "SIGCONT",
        "SIGSTOP", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG", "SIGXCPU", "SIGXFSZ", "SIGVTALRM", "SIGPROF",
        "SIGWINCH", "SIGIO", "SIGPWR", "SIGSYS",
    };

    private ExitStatus() {
    }

    /** Whether {@code status} is how Java reports death by a signal. */
    static boolean isSignal(int status) {
        return status > 128 && status < 128 + 65;
    }

    /**
     * A phrase like {@code exited with status 3} or {@code was killed by signal 9 (SIGKILL)}.
     */
    static String describe(int status) {
        if (isSignal(status)) {
            int signal = status - 128;
            String name = signal < SIGNALS.length ? SIGNALS[signal] : "SIGRTMIN+" + (signal - 34);
            return "was killed by signal " + signal + " (" + name + ")";
        }
        return "exited with status " + status;
    }
}
