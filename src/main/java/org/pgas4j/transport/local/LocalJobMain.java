package org.pgas4j.transport.local;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What {@code bin/pgas4j run --transport local} runs: one JVM in which N threads each call a
 * program's {@code main}. Arguments: {@code [--tag-output] N MAIN_CLASS [ARGS...]}. Exits with 0
 * when every PE returned, else 1 after naming the PE that failed.
 */
public final class LocalJobMain {
    private LocalJobMain() {
    }

    /** Entry point; see the class comment for the arguments. */
    public static void main(String[] args) throws Exception {
        int i = 0;
        boolean tag = false;
        if (i < args.length && args[i].equals("--tag-output")) {
            tag = true;
            i++;
        }
        if (args.length - i < 2) {
            System.err.println("pgas4j: usage: LocalJobMain [--tag-output] N MAIN_CLASS [ARGS...]");
            System.exit(2);
        }
        int n = Integer.parseInt(args[i++]);
        Method main = Class.forName(args[i++]).getMethod("main", String[].class);
        String[] programArgs = Arrays.copyOfRange(args, i, args.length);
        if (tag) {
            System.setOut(new PrintStream(new RankTaggedOutput(System.out), true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(new RankTaggedOutput(System.err), true, StandardCharsets.UTF_8));
        }
        try {
            LocalJob.run(n, () -> {
                try {
                    main.invoke(null, (Object) programArgs.clone());
                } catch (InvocationTargetException e) {
                    throw e.getCause() instanceof Exception ex ? ex : new RuntimeException(e.getCause());
                }
            });
        } catch (LocalJob.LocalJobException e) {
            System.out.flush();
            System.err.println("pgas4j: " + e.getMessage());
            if (e.getCause() != null) {
                e.getCause().printStackTrace();
            }
            System.exit(e.exitStatus());
        }
        System.out.flush();
        System.exit(0);
    }

    /** Prefixes each line with {@code [rank] } of the PE thread that wrote it. */
    private static final class RankTaggedOutput extends OutputStream {
        private final PrintStream target;
        private final ThreadLocal<ByteArrayOutputStream> line = ThreadLocal.withInitial(ByteArrayOutputStream::new);

        RankTaggedOutput(PrintStream target) {
            this.target = target;
        }

        @Override
        public void write(int b) {
            ByteArrayOutputStream buf = line.get();
            if (b == '\n') {
                int rank = LocalJob.currentRank();
                String prefix = rank >= 0 ? "[" + rank + "] " : "";
                synchronized (target) {
                    target.print(prefix + buf.toString(StandardCharsets.UTF_8) + "\n");
                    target.flush();
                }
                buf.reset();
            } else {
                buf.write(b);
            }
        }
    }
}
