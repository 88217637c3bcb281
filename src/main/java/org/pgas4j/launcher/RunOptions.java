package org.pgas4j.launcher;

import java.util.ArrayList;
import java.util.List;

/**
 * The parsed command line of {@code pgas4j run}.
 *
 * @param np the number of PEs
 * @param transport the transport named with {@code --transport}, or null for the configured default
 * @param tagOutput whether output lines get a {@code [rank] } prefix
 * @param timeoutMillis the job's time limit in milliseconds, 0 for none
 * @param timeoutText the time limit as the user wrote it, for messages
 * @param jvmArgs arguments for every PE's JVM, in order
 * @param classPath the user's class path entries (empty when none was given)
 * @param jar the jar given with {@code -jar}, or null
 * @param mainClass the main class given on the command line, or null with {@code -jar}
 * @param programArgs the arguments of the program
 * @param hostOptions where the PEs run ({@code --hosts}, {@code --hostfile}, {@code --slurm} ...)
 */
public record RunOptions(int np, String transport, boolean tagOutput, long timeoutMillis, String timeoutText,
                         List<String> jvmArgs, List<String> classPath, String jar, String mainClass,
                         List<String> programArgs, HostOptions hostOptions) {

    /** The largest job the launcher starts. */
    public static final int MAX_PES = 1024;

    /** Copies the lists. */
    public RunOptions {
        jvmArgs = List.copyOf(jvmArgs);
        classPath = List.copyOf(classPath);
        programArgs = List.copyOf(programArgs);
    }

    /**
     * Parses the arguments that follow {@code run}.
     *
     * @throws UsageException naming the first thing that is wrong
     */
    public static RunOptions parse(List<String> args) {
        Integer np = null;
        List<HostList.Host> hosts = List.of();
        String hostsFrom = null;
        String rendezvousAddress = null;
        String spawner = null;
        boolean slurm = false;
        List<String> forwarded = new ArrayList<>();
        String transport = null;
        boolean tag = false;
        long timeoutMillis = 0;
        String timeoutText = null;
        List<String> jvmArgs = new ArrayList<>();
        List<String> classPath = new ArrayList<>();
        boolean classPathGiven = false;
        String jar = null;
        String mainClass = null;
        int i = 0;
        while (i < args.size() && mainClass == null && jar == null) {
            String arg = args.get(i++);
            String name = arg;
            String inline = null;
            if (arg.startsWith("--") && arg.indexOf('=') > 2) {
                name = arg.substring(0, arg.indexOf('='));
                inline = arg.substring(arg.indexOf('=') + 1);
            }
            switch (name) {
                case "-np", "-n", "--np" -> {
                    String v = inline != null ? inline : value(args, i++, arg);
                    np = parseNp(v);
                }
                case "--hosts", "--hostfile" -> {
                    String v = inline != null ? inline : value(args, i++, arg);
                    if (hostsFrom != null) {
                        throw new UsageException(name + " cannot be combined with " + hostsFrom + ": give the hosts once");
                    }
                    hostsFrom = name;
                    hosts = name.equals("--hosts") ? HostList.parse(v) : HostList.read(java.nio.file.Path.of(v));
                }
                case "--rendezvous-address" -> rendezvousAddress = inline != null ? inline : value(args, i++, arg);
                case "--spawner" -> spawner = inline != null ? inline : value(args, i++, arg);
                case "--slurm" -> {
                    noValue(name, inline);
                    slurm = true;
                }
                case "--env", "-x" -> {
                    String v = inline != null ? inline : value(args, i++, arg);
                    String varName = v.contains("=") ? v.substring(0, v.indexOf('=')) : v;
                    if (!varName.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                        throw new UsageException(arg + " '" + v + "' is not NAME or NAME=VALUE");
                    }
                    forwarded.add(v);
                }
                case "--transport" -> transport = inline != null ? inline : value(args, i++, arg);
                case "--tag-output" -> {
                    noValue(name, inline);
                    tag = true;
                }
                case "--timeout" -> {
                    timeoutText = inline != null ? inline : value(args, i++, arg);
                    timeoutMillis = parseTimeout(timeoutText);
                }
                case "--jvm-arg" -> jvmArgs.add(inline != null ? inline : value(args, i++, arg));
                case "-cp", "-classpath", "--class-path" -> {
                    String v = inline != null ? inline : value(args, i++, arg);
                    classPathGiven = true;
                    for (String e : v.split(java.io.File.pathSeparator)) {
                        if (!e.isEmpty()) {
                            classPath.add(e);
                        }
                    }
                }
                case "-jar", "--jar" -> jar = inline != null ? inline : value(args, i++, arg);
                case "--" -> {
                    if (i >= args.size()) {
                        throw new UsageException("missing the main class after '--'");
                    }
                    mainClass = args.get(i++);
                }
                default -> {
                    if (arg.startsWith("-")) {
                        throw new UsageException("unknown option '" + arg + "' for run (see pgas4j help)");
                    }
                    mainClass = arg;
                }
            }
        }
        if (slurm && hostsFrom != null) {
            throw new UsageException("--slurm cannot be combined with " + hostsFrom + ": Slurm places the PEs");
        }
        if (np == null && slurm) {
            np = 0; // not given: the size comes from SLURM_NTASKS
        }
        if (np == null) {
            throw new UsageException("missing -np N: say how many PEs to run, for example 'pgas4j run -np 4 MAIN_CLASS'");
        }
        if (mainClass == null && jar == null) {
            throw new UsageException("missing the program: give a main class or -jar JAR after the options");
        }
        if (jar != null && classPathGiven) {
            throw new UsageException("-cp cannot be combined with -jar: put the class path in the jar's manifest, "
                    + "or use -cp with a main class");
        }
        List<String> programArgs = args.subList(i, args.size());
        HostOptions hostOptions = hostsFrom == null && rendezvousAddress == null && spawner == null && !slurm
                && forwarded.isEmpty() ? HostOptions.NONE
                : new HostOptions(hosts, rendezvousAddress, spawner, slurm, forwarded);
        return new RunOptions(np, transport, tag, timeoutMillis, timeoutText, jvmArgs, classPath, jar, mainClass,
                programArgs, hostOptions);
    }

    private static String value(List<String> args, int index, String option) {
        if (index >= args.size()) {
            throw new UsageException("option " + option + " needs a value (see pgas4j help)");
        }
        return args.get(index);
    }

    private static void noValue(String option, String inline) {
        if (inline != null) {
            throw new UsageException("option " + option + " takes no value");
        }
    }

    private static int parseNp(String text) {
        int np;
        try {
            np = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("-np needs a whole number of PEs between 1 and " + MAX_PES + ", not '" + text + "'");
        }
        if (np < 1 || np > MAX_PES) {
            throw new UsageException("-np " + np + " is outside [1, " + MAX_PES + "]: a job needs at least one PE");
        }
        return np;
    }

    private static long parseTimeout(String text) {
        double seconds;
        try {
            seconds = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--timeout needs a number of seconds, not '" + text + "'");
        }
        if (!(seconds > 0) || seconds > 365.0 * 24 * 3600) {
            throw new UsageException("--timeout " + text + " must be more than 0 and at most a year of seconds");
        }
        return Math.max(1, Math.round(seconds * 1000));
    }
}
