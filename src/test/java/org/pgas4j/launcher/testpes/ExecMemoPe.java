package org.pgas4j.launcher.testpes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.pgas4j.Client;

/**
 * A PE started by {@code bin/pgas4j exec} under a PMIx launcher: joins the job, then looks in the
 * PMIx server's directory of this host ({@code $PMIX_SERVER_TMPDIR}) for the PE commands that
 * {@code bin/pgas4j exec} kept there and prints {@code PE r: memos k, own command true|false}:
 * how many there are, and whether this process runs exactly the words of the one there is.
 */
public final class ExecMemoPe {
    private ExecMemoPe() {
    }

    /** No arguments. */
    public static void main(String[] args) throws IOException {
        try (Client client = Client.init()) {
            Path dir = Path.of(System.getenv("PMIX_SERVER_TMPDIR"));
            List<Path> memos;
            try (Stream<Path> files = Files.list(dir)) {
                memos = files.filter(f -> f.getFileName().toString().startsWith("pgas4j-exec-"))
                        .filter(f -> !f.getFileName().toString().contains(".")).toList();
            }
            boolean own = memos.size() == 1 && words(memos.getFirst()).equals(ownCommand());
            client.world().barrier(); // every PE has looked before any leaves
            System.out.println("PE " + client.jobRank() + ": memos " + memos.size() + ", own command " + own);
        }
    }

    /** The NUL-ended words of a memo. */
    private static List<String> words(Path memo) throws IOException {
        String text = Files.readString(memo, StandardCharsets.UTF_8);
        return Arrays.asList(text.substring(0, text.length() - 1).split("\0", -1));
    }

    /** This process's command line, as Linux keeps it. */
    private static List<String> ownCommand() throws IOException {
        String text = Files.readString(Path.of("/proc/self/cmdline"), StandardCharsets.UTF_8);
        return new ArrayList<>(Arrays.asList(text.substring(0, text.length() - 1).split("\0", -1)));
    }
}
