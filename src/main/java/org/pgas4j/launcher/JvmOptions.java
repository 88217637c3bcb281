package org.pgas4j.launcher;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Recognises the JVM options that {@code pgas4j run} accepts before the program, written as
 * {@code java} takes them: system properties ({@code -Dname=value}, {@code -Dname}), {@code -X}
 * and {@code -XX:} options, assertion switches, the module-system options that take a value
 * (separate or after {@code =}), {@code -verbose}, agents and {@code --enable-preview}. The words
 * of such an option go, unchanged and in order, to every PE's JVM.
 */
final class JvmOptions {
    /** Options whose value is the next word or follows {@code =}. */
    private static final Set<String> WITH_VALUE = Set.of(
            "--add-opens", "--add-exports", "--add-reads", "--add-modules", "--enable-native-access");
    private static final Pattern ASSERTIONS = Pattern.compile("-(ea|da|enableassertions|disableassertions)(:.+)?"
            + "|-(esa|dsa|enablesystemassertions|disablesystemassertions)");
    private static final Pattern SIZED = Pattern.compile("-X(mx|ms|mn|ss)(.*)");
    private static final Pattern SIZE = Pattern.compile("\\d+[kKmMgGtT]?");
    private static final Pattern XX = Pattern.compile("[+-][A-Za-z][A-Za-z0-9_]*|[A-Za-z][A-Za-z0-9_]*=.*");
    private static final List<String> WITH_SUFFIX = List.of("-agentlib:", "-agentpath:", "-javaagent:", "-verbose:");

    private JvmOptions() {
    }

    /**
     * How many words the JVM option at {@code args[index]} spans: 1, 2 for an option whose value
     * is the next word, or 0 when that word is no JVM option.
     *
     * @throws UsageException when the word is a JVM option written wrongly (a missing value, a
     *         property without a name, a heap size that is no size, ...)
     */
    static int wordsAt(List<String> args, int index) {
        String arg = args.get(index);
        if (arg.startsWith("-D")) {
            String name = arg.indexOf('=') < 0 ? arg.substring(2) : arg.substring(2, arg.indexOf('='));
            if (name.isEmpty()) {
                throw new UsageException("'" + arg + "' names no property: write -Dname=value or -Dname");
            }
            return 1;
        }
        if (arg.startsWith("-XX:")) {
            if (!XX.matcher(arg.substring(4)).matches()) {
                throw new UsageException("'" + arg + "' is not -XX:+Name, -XX:-Name or -XX:Name=value");
            }
            return 1;
        }
        if (arg.startsWith("-X")) {
            return extended(arg);
        }
        if (ASSERTIONS.matcher(arg).matches() || arg.equals("-verbose") || arg.equals("--enable-preview")) {
            return 1;
        }
        for (String prefix : WITH_SUFFIX) {
            if (arg.startsWith(prefix)) {
                if (arg.length() == prefix.length()) {
                    throw new UsageException("'" + arg + "' needs a value after the colon");
                }
                return 1;
            }
        }
        return withValue(args, index);
    }

    private static int extended(String arg) {
        if (arg.length() == 2) {
            throw new UsageException("'-X' alone is no JVM option: give one such as -Xmx1g or -Xss2m");
        }
        var sized = SIZED.matcher(arg);
        if (sized.matches() && !SIZE.matcher(sized.group(2)).matches()) {
            throw new UsageException("-X" + sized.group(1) + " needs a size such as -X" + sized.group(1)
                    + "512m, not '" + arg + "'");
        }
        return 1;
    }

    private static int withValue(List<String> args, int index) {
        String arg = args.get(index);
        int eq = arg.indexOf('=');
        String name = eq < 0 ? arg : arg.substring(0, eq);
        if (!WITH_VALUE.contains(name)) {
            return 0;
        }
        if (eq >= 0) {
            if (eq == arg.length() - 1) {
                throw new UsageException("option " + name + " needs a value after '='");
            }
            return 1;
        }
        if (index + 1 >= args.size()) {
            throw new UsageException("option " + name + " needs a value (see pgas4j help)");
        }
        return 2;
    }
}
