package org.pgas4j.internal.jfr;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Registered;

/**
 * The job failing under this PE: a wait threw {@code JobAbortedException}, or the PE's watchdog is
 * about to halt it because the launcher aborted the job or vanished (an instant event).
 */
@Registered(false) // EventRegistration registers it once Flight Recorder is initialized
@Name(JobAbortEvent.NAME)
@Label("Job Aborted")
@Category({"pgas4j", "Job"})
@Description("The job failed under this PE: a peer died, the launcher stopped the job, or the connection to it was"
        + " lost")
public final class JobAbortEvent extends jdk.jfr.Event {
    /** The event's name in recordings. */
    public static final String NAME = "org.pgas4j.JobAbort";
    private static final JobAbortEvent PROBE = new JobAbortEvent();
    /** "PE 2 (pid ...) exited ..." and the like, in the launcher's reason. */
    private static final Pattern FAILED_PE = Pattern.compile("\\bPE (\\d+)\\b");

    @Label("PE")
    @Description("Job rank of the PE that saw the failure, -1 where the message does not say")
    int pe;

    @Label("Failed PE")
    @Description("Job rank of the PE that failed, as named by the failure's text; -1 when the text names none")
    int failedPe;

    @Label("Action")
    @Description("exception: a JobAbortedException was thrown to the program; halt: the watchdog halts this PE")
    String action;

    @Label("Message")
    @Description("The exception's message, or the reason the watchdog halts the PE")
    String message;

    /** Whether a recording has this event enabled. */
    public static boolean enabled() {
        return PROBE.isEnabled();
    }

    /** Records a {@code JobAbortedException} being created with {@code message}. */
    public static void exception(String message) {
        EventRegistration.core(); // a job may abort before its client registered the events
        if (PROBE.isEnabled()) {
            emit(rankOf(message, -1), "exception", message);
        }
    }

    /** Records that the watchdog of PE {@code pe} halts it for {@code reason}. */
    public static void halt(int pe, String reason) {
        EventRegistration.core();
        if (PROBE.isEnabled()) {
            emit(pe, "halt", reason);
        }
    }

    private static void emit(int pe, String action, String message) {
        JobAbortEvent e = new JobAbortEvent();
        e.pe = pe;
        e.action = action;
        e.message = message;
        e.failedPe = failedPe(message, pe);
        e.commit();
    }

    /** The rank of the first "PE n" in {@code text} other than {@code self}, or -1. */
    static int failedPe(String text, int self) {
        if (text == null) {
            return -1;
        }
        Matcher m = FAILED_PE.matcher(text);
        while (m.find()) {
            int r = Integer.parseInt(m.group(1));
            if (r != self) {
                return r;
            }
        }
        return -1;
    }

    /** The rank of a message that starts "PE n:", or {@code otherwise}. */
    private static int rankOf(String message, int otherwise) {
        if (message != null && message.startsWith("PE ")) {
            Matcher m = FAILED_PE.matcher(message);
            if (m.lookingAt()) {
                return Integer.parseInt(m.group(1));
            }
        }
        return otherwise;
    }
}
