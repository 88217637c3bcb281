package org.pgas4j.conformance;

import org.pgas4j.Client;
import org.pgas4j.JobAbortedException;

/**
 * A PE program for failure tests: the PE whose rank is the first argument misbehaves after init
 * (argument two: {@code exit} exits with status 3, {@code hang} never returns), while every other
 * PE waits in a world barrier that can therefore never complete, and prints {@code ABORTED} with the
 * message of the exception that ends its wait.
 */
public final class FailingPe {
    private FailingPe() {
    }

    /** Arguments: the failing rank and the failure ({@code exit} or {@code hang}). */
    public static void main(String[] args) throws InterruptedException {
        int failing = Integer.parseInt(args[0]);
        Client c = Client.init();
        System.out.println("JOB " + c.jobId());
        if (c.jobRank() == failing) {
            if (args[1].equals("exit")) {
                System.exit(3);
            }
            Thread.sleep(Long.MAX_VALUE);
        }
        try {
            c.world().barrier();
        } catch (JobAbortedException e) {
            System.out.println("ABORTED " + e.getMessage());
            System.out.flush();
            throw e;
        }
        c.close();
    }
}
