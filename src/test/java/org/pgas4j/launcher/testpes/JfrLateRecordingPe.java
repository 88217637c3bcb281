package org.pgas4j.launcher.testpes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;
import org.pgas4j.Client;

/**
 * A PE that starts a JFR recording only after {@code Client.init} (as {@code jcmd PID JFR.start}
 * would): pgas4j's events are registered when the recorder initializes, so the recording still
 * has them. Prints {@code recorder initialized before init: B} and, once recorded, the number
 * of its own {@code org.pgas4j.Barrier} events.
 */
public final class JfrLateRecordingPe {
    private JfrLateRecordingPe() {
    }

    /** @param args the directory to dump the recording into */
    public static void main(String[] args) throws Exception {
        try (Client c = Client.init()) {
            System.out.println("PE " + c.jobRank() + " recorder initialized before init: " + FlightRecorder.isInitialized());
            c.world().barrier();
            long barriers;
            try (Recording r = new Recording()) {
                r.enable("org.pgas4j.Barrier").withThreshold(Duration.ZERO);
                r.start();
                for (int i = 0; i < 3; i++) {
                    c.world().barrier();
                }
                r.stop();
                Path file = Path.of(args[0], "late-pe" + c.jobRank() + ".jfr");
                r.dump(file);
                barriers = RecordingFile.readAllEvents(file).stream()
                        .filter(e -> e.getEventType().getName().equals("org.pgas4j.Barrier")).count();
                Files.delete(file);
            }
            System.out.println("PE " + c.jobRank() + " barriers recorded: " + barriers);
        }
    }
}
