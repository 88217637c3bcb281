package org.pgas4j.launcher;

import java.util.Arrays;
import java.util.List;

/**
 * The {@code pgas4j} command: the main class of the pgas4j jar, started by {@code bin/pgas4j}.
 * Subcommands: {@code run} (see {@link RunOptions}), {@code exec} (one PE under srun or mpirun),
 * {@code info}, {@code bench} and {@code help}.
 * A bad command line prints one line {@code pgas4j: <what is wrong>} to stderr and exits with
 * status 2, before anything is spawned.
 */
public final class Launcher {
    private Launcher() {
    }

    /**
     * The JVM options pgas4j gives every PE it starts, after native access and before the user's
     * (GC, compiler settings): for tools that start JVMs beside pgas4j's and must match them.
     *
     * @return an unmodifiable list
     */
    public static List<String> peJvmOptions() {
        return PeCommand.BASE_JVM_OPTIONS;
    }

    /**
     * Runs a subcommand and exits with its status.
     *
     * @param args the subcommand and its arguments
     */
    public static void main(String[] args) {
        int status = execute(args);
        System.out.flush();
        System.exit(status);
    }

    /**
     * Runs a subcommand and returns its exit status, without exiting.
     *
     * @param args the subcommand and its arguments
     * @return 0 on success, 2 for a bad command line, otherwise the job's status
     */
    public static int execute(String[] args) {
        LineSink err = LineSink.stderr();
        try {
            if (args.length == 0) {
                System.out.print(Usage.TEXT);
                return UsageException.EXIT_STATUS;
            }
            List<String> rest = Arrays.asList(args).subList(1, args.length);
            return switch (args[0]) {
                case "run" -> new RunCommand(LineSink.stdout(), err).run(rest);
                case "exec" -> ExecCommand.run(rest);
                case "exec-command" -> ExecCommand.print(rest, System.out);
                case "info" -> {
                    if (!rest.isEmpty()) {
                        throw new UsageException("info takes no arguments, got '" + rest.getFirst() + "'");
                    }
                    yield InfoCommand.run(System.out);
                }
                case "bench" -> BenchCommand.run(rest.toArray(String[]::new));
                case "stats" -> StatsCommand.run(rest, System.out);
                case "help", "-h", "--help" -> {
                    System.out.print(Usage.TEXT);
                    yield 0;
                }
                case "version", "--version" -> {
                    System.out.println("pgas4j " + SelfLocation.version());
                    yield 0;
                }
                default -> throw new UsageException("unknown command '" + args[0] + "'; use run, exec, stats, info, bench or help");
            };
        } catch (UsageException e) {
            err.message(e.getMessage());
            return UsageException.EXIT_STATUS;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.message("interrupted");
            return 1;
        } catch (Throwable t) {
            err.message("internal error: " + t);
            t.printStackTrace();
            return 1;
        }
    }
}
