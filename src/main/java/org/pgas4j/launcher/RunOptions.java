package org.pgas4j.launcher;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The parsed command line of {@code pgas4j run}.
 *
 * @param np the number of PEs
 * @param transport the transport named with {@code --transport}, or null for the configured default
 * @param tagOutput whether output lines get a {@code [rank] } prefix
 * @param timeoutMillis the job's time limit in milliseconds, 0 for none
 * @param timeoutText the time limit as the user wrote it, for messages
 * @param jvmArgs arguments for every PE's JVM, in order: the JVM options written before the
 *        program ({@code -D...}, {@code -X...}, {@code -ea}, {@code --add-opens ...}, see
 *        {@link JvmOptions}) and the values of {@code --jvm-arg}
 * @param classPath the user's class path entries (empty when none was given)
 * @param jar the jar given with {@code -jar}, or null
 * @param mainClass the main class given on the command line, or null with {@code -jar} or {@code -m}
 * @param modulePath the user's module path entries ({@code -p}), empty unless {@code module} is given
 * @param module the module to run as given with {@code -m}: {@code MODULE} or {@code MODULE/MAIN_CLASS},
 *        or null for a program on the class path
 * @param programArgs the arguments of the program
 * @param hostOptions where the PEs run ({@code --hosts}, {@code --hostfile}, {@code --slurm} ...)
 * @param statsFile with {@code --stats[=FILE]}: the report file, empty for the default
 *        ({@code pgas4j-stats-<job>.json}); null without statistics
 * @param jfrDir where {@code --jfr[=DIR]} has every PE record a JFR file (an absolute path), or null
 *        without {@code --jfr}
 * @param aot what the job does with an AOT cache ({@code --aot-train FILE}, {@code --aot FILE},
 *        {@code --no-aot}), or {@link AotRequest#DEFAULT}
 * @param bindTo how PEs started on this host are bound to its CPUs ({@code --bind-to}):
 *        {@link CoreBinding.Policy#AUTO} unless given
 */
public record RunOptions(int np, String transport, boolean tagOutput, long timeoutMillis, String timeoutText,
                         List<String> jvmArgs, List<String> classPath, String jar, String mainClass,
                         List<String> modulePath, String module, List<String> programArgs, HostOptions hostOptions,
                         String statsFile, String jfrDir, AotRequest aot, CoreBinding.Policy bindTo) {

    /** The largest job the launcher starts. */
    public static final int MAX_PES = 1024;

    private static final String IDENTIFIER = "\\p{javaJavaIdentifierStart}\\p{javaJavaIdentifierPart}*";
    /** A module or class name: Java identifiers joined by dots. */
    private static final Pattern QUALIFIED_NAME = Pattern.compile(IDENTIFIER + "(\\." + IDENTIFIER + ")*");

    /** The options of a command line without {@code --bind-to} (the launcher binds as {@code auto}). */
    public RunOptions(int np, String transport, boolean tagOutput, long timeoutMillis, String timeoutText,
                      List<String> jvmArgs, List<String> classPath, String jar, String mainClass,
                      List<String> modulePath, String module, List<String> programArgs, HostOptions hostOptions,
                      String statsFile, String jfrDir, AotRequest aot) {
        this(np, transport, tagOutput, timeoutMillis, timeoutText, jvmArgs, classPath, jar, mainClass, modulePath,
                module, programArgs, hostOptions, statsFile, jfrDir, aot, CoreBinding.Policy.AUTO);
    }

    /** Copies the lists. */
    public RunOptions {
        jvmArgs = List.copyOf(jvmArgs);
        classPath = List.copyOf(classPath);
        modulePath = List.copyOf(modulePath);
        programArgs = List.copyOf(programArgs);
    }

    /** These options with {@code arg} added to every PE's JVM arguments. */
    RunOptions withJvmArg(String arg) {
        List<String> args = new ArrayList<>(jvmArgs);
        args.add(arg);
        return new RunOptions(np, transport, tagOutput, timeoutMillis, timeoutText, args, classPath, jar, mainClass,
                modulePath, module, programArgs, hostOptions, statsFile, jfrDir, aot, bindTo);
    }

    /**
     * The module to run, without its main class.
     *
     * @return the name of the module given with {@code -m}, or null for a program on the class path
     */
    public String moduleName() {
        return module == null ? null : module.split("/", 2)[0];
    }

    /**
     * The main class written after the module's name.
     *
     * @return the main class given with {@code -m MODULE/MAIN_CLASS}, or null when only the module
     *         was given (its descriptor then names the main class) or for a program on the class path
     */
    public String moduleMainClass() {
        return module == null || module.indexOf('/') < 0 ? null : module.substring(module.indexOf('/') + 1);
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
        List<String> modulePath = new ArrayList<>();
        String modulePathOption = null;
        String module = null;
        String statsFile = null;
        String jfrDir = null;
        AotRequest aot = AotRequest.DEFAULT;
        CoreBinding.Policy bindTo = CoreBinding.Policy.AUTO;
        int i = 0;
        while (i < args.size() && mainClass == null && jar == null && module == null) {
            int jvmWords = JvmOptions.wordsAt(args, i);
            if (jvmWords > 0) {
                jvmArgs.addAll(args.subList(i, i + jvmWords));
                i += jvmWords;
                continue;
            }
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
                    hosts = name.equals("--hosts") ? HostList.parse(v) : HostList.read(Path.of(v));
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
                case "--stats" -> {
                    statsFile = inline == null ? "" : inline;
                    if (inline != null && inline.isBlank()) {
                        throw new UsageException("--stats= needs a file name, or write --stats for the default");
                    }
                }
                case "--tag-output" -> {
                    noValue(name, inline);
                    tag = true;
                }
                case "--timeout" -> {
                    timeoutText = inline != null ? inline : value(args, i++, arg);
                    timeoutMillis = parseTimeout(timeoutText);
                }
                case "--jfr" -> jfrDir = jfrDir(inline);
                case "--aot", "--aot-train", "--no-aot" -> {
                    if (name.equals("--no-aot")) {
                        noValue(name, inline);
                    }
                    aot = AotRequest.parse(aot, name, name.equals("--no-aot") ? null
                            : inline != null ? inline : value(args, i++, arg));
                }
                case "--bind-to" -> bindTo = CoreBinding.Policy.parse(inline != null ? inline : value(args, i++, arg));
                case "--jvm-arg" -> jvmArgs.add(inline != null ? inline : value(args, i++, arg));
                case "-cp", "-classpath", "--class-path" -> {
                    String v = inline != null ? inline : value(args, i++, arg);
                    classPathGiven = true;
                    addEntries(classPath, v);
                }
                case "-jar", "--jar" -> jar = inline != null ? inline : value(args, i++, arg);
                case "-p", "--module-path" -> {
                    modulePathOption = name;
                    addEntries(modulePath, inline != null ? inline : value(args, i++, arg));
                }
                case "-m", "--module" -> module = moduleValue(inline != null ? inline : value(args, i++, arg), name);
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
        if (bindTo == CoreBinding.Policy.CORE && (slurm || hostsFrom != null)) {
            throw new UsageException("--bind-to core binds PEs started on this host: with " + (slurm ? "--slurm" : hostsFrom)
                    + (slurm ? " Slurm binds them (srun --cpu-bind=cores)" : " not every PE runs here"));
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
        if (mainClass == null && jar == null && module == null) {
            throw new UsageException("missing the program: give a main class, -jar JAR or -m MODULE after the options");
        }
        if (jar != null && classPathGiven) {
            throw new UsageException("-cp cannot be combined with -jar: put the class path in the jar's manifest, "
                    + "or use -cp with a main class");
        }
        if (modulePathOption != null && module == null) {
            throw new UsageException(modulePathOption + " needs -m MODULE[/MAIN_CLASS]: a program on the module path"
                    + " is run as a module");
        }
        if (module != null && modulePath.isEmpty()) {
            throw new UsageException("-m " + module + " needs -p MODULE_PATH before it: say where module "
                    + module.split("/", 2)[0] + " is");
        }
        List<String> programArgs = args.subList(i, args.size());
        HostOptions hostOptions = hostsFrom == null && rendezvousAddress == null && spawner == null && !slurm
                && forwarded.isEmpty() ? HostOptions.NONE
                : new HostOptions(hosts, rendezvousAddress, spawner, slurm, forwarded);
        if (statsFile != null) {
            jvmArgs.add("-Dpgas4j.stats=true");
        }
        if (aot.mode() != AotRequest.Mode.DEFAULT && aot.mode() != AotRequest.Mode.OFF && (module != null || slurm)) {
            throw new UsageException(aot.option() + " works for a program on the class path or -jar started by run"
                    + (slurm ? ", not with --slurm" : ", not for a module (-m)"));
        }
        return new RunOptions(np, transport, tag, timeoutMillis, timeoutText, jvmArgs, classPath, jar, mainClass,
                modulePath, module, programArgs, hostOptions, statsFile, jfrDir, aot, bindTo);
    }

    /**
     * The directory of {@code --jfr[=DIR]} as an absolute path: the current directory without a
     * value. Checked here, created (if missing) when the job starts.
     */
    private static String jfrDir(String value) {
        if (value == null) {
            return Path.of("").toAbsolutePath().toString();
        }
        if (value.isBlank()) {
            throw new UsageException("--jfr= needs a directory: write --jfr for the current directory or --jfr=DIR");
        }
        if (value.contains(",")) {
            throw new UsageException("--jfr=" + value + ": the directory's name may not contain ',' (it goes into"
                    + " -XX:StartFlightRecording, whose options ',' separates)");
        }
        Path dir;
        try {
            dir = Path.of(value).toAbsolutePath().normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw new UsageException("--jfr=" + value + " is not a path: " + e.getMessage());
        }
        if (java.nio.file.Files.exists(dir) && !java.nio.file.Files.isDirectory(dir)) {
            throw new UsageException("--jfr=" + value + " is a file, not a directory: the PEs write their .jfr files"
                    + " into DIR");
        }
        return dir.toString();
    }

    private static void addEntries(List<String> entries, String path) {
        for (String e : path.split(File.pathSeparator)) {
            if (!e.isEmpty()) {
                entries.add(e);
            }
        }
    }

    /** Checks {@code MODULE} or {@code MODULE/MAIN_CLASS}. */
    private static String moduleValue(String value, String option) {
        int slash = value.indexOf('/');
        String name = slash < 0 ? value : value.substring(0, slash);
        String mainClass = slash < 0 ? null : value.substring(slash + 1);
        if (!QUALIFIED_NAME.matcher(name).matches()) {
            throw new UsageException(option + " '" + value + "': '" + name + "' is not a module name; write "
                    + option + " MODULE or " + option + " MODULE/MAIN_CLASS");
        }
        if (mainClass != null && !QUALIFIED_NAME.matcher(mainClass).matches()) {
            throw new UsageException(option + " '" + value + "': '" + mainClass + "' is not a class name; write "
                    + option + " MODULE/org.example.Main");
        }
        return value;
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
