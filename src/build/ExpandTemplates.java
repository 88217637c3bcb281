import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Expands the per-primitive-type templates of src/main/templates into Java sources, as the JDK
 * does for its buffer classes: the build runs it (java ExpandTemplates.java IN OUT) before compiling.
 *
 * <p>A template is a Java source named {@code X.java.template}. Lines between {@code //#each TYPES}
 * and {@code //#end} are written once per listed primitive type, with {@code $type$} (int),
 * {@code $Type$} (Int), {@code $TYPE$} (INT), {@code $Boxed$} (Integer), {@code $BYTES$} (4),
 * {@code $LOG2BYTES$} (2), {@code $BITS$} (32), {@code $LAYOUT$} (JAVA_INT) and {@code $UNALIGNED$} (JAVA_INT_UNALIGNED;
 * JAVA_BYTE for byte) replaced. A block may name its own replacements on lines right after its
 * {@code //#each}: {@code //#let $NAME$ int="(int) " long=""} (a value per type, quoted if it has
 * spaces). Every other line is copied as it is. An output is rewritten only when its text changed,
 * so incremental compilation stays incremental.
 */
public final class ExpandTemplates {
    private record Primitive(String type, String boxed, int bytes) {
        String capitalised() {
            return Character.toUpperCase(type.charAt(0)) + type.substring(1);
        }

        String expand(String line, Map<String, String> own) {
            for (Map.Entry<String, String> e : own.entrySet()) {
                line = line.replace(e.getKey(), e.getValue());
            }
            return line.replace("$type$", type).replace("$TYPE$", type.toUpperCase())
                    .replace("$BITS$", Integer.toString(8 * bytes)).replace("$Type$", capitalised()).replace("$Boxed$", boxed)
                    .replace("$BYTES$", Integer.toString(bytes)).replace("$LOG2BYTES$", Integer.toString(
                            Integer.numberOfTrailingZeros(bytes))).replace("$LAYOUT$", "JAVA_" + type.toUpperCase())
                    .replace("$UNALIGNED$", "JAVA_" + type.toUpperCase() + (bytes == 1 ? "" : "_UNALIGNED"));
        }
    }

    private static final Map<String, Primitive> PRIMITIVES = Map.of(
            "byte", new Primitive("byte", "Byte", 1), "short", new Primitive("short", "Short", 2),
            "char", new Primitive("char", "Character", 2), "int", new Primitive("int", "Integer", 4),
            "long", new Primitive("long", "Long", 8), "float", new Primitive("float", "Float", 4),
            "double", new Primitive("double", "Double", 8));

    private ExpandTemplates() {
    }

    /** Expands every template under {@code args[0]} into {@code args[1]}, keeping the folder layout. */
    public static void main(String[] args) throws IOException {
        Path in = Path.of(args[0]);
        Path out = Path.of(args[1]);
        java.util.Set<Path> written = new java.util.HashSet<>();
        try (Stream<Path> files = Files.walk(in)) {
            for (Path t : files.filter(p -> p.toString().endsWith(".java.template")).toList()) {
                String name = t.getFileName().toString().replace(".java.template", ".java");
                Path target = out.resolve(in.relativize(t.getParent())).resolve(name);
                String text = expand(t, Files.readAllLines(t));
                if (!Files.exists(target) || !Files.readString(target).equals(text)) {
                    Files.createDirectories(target.getParent());
                    Files.writeString(target, text);
                }
                written.add(target);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        removeOrphans(out, written);
    }

    /**
     * Deletes what an earlier run expanded from a template that no longer exists: left there, it
     * would still be compiled (and a class moved or renamed would be defined twice).
     */
    private static void removeOrphans(Path out, java.util.Set<Path> written) throws IOException {
        if (!Files.isDirectory(out)) {
            return;
        }
        try (Stream<Path> files = Files.walk(out)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java") && !written.contains(p)).toList()) {
                Files.delete(f);
            }
        }
    }

    static String expand(Path template, List<String> lines) {
        StringBuilder out = new StringBuilder();
        List<String> block = null;
        List<Primitive> types = null;
        Map<Primitive, Map<String, String>> lets = new java.util.HashMap<>();
        int startLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String directive = line.strip();
            if (directive.startsWith("//#each ")) {
                if (block != null) {
                    throw new IllegalArgumentException(template + ":" + (i + 1) + ": //#each inside the //#each of line "
                            + startLine);
                }
                types = typesOf(template, i + 1, directive.substring("//#each ".length()));
                block = new ArrayList<>();
                lets.clear();
                for (Primitive p : types) {
                    lets.put(p, new java.util.LinkedHashMap<>());
                }
                startLine = i + 1;
            } else if (directive.equals("//#end")) {
                if (block == null) {
                    throw new IllegalArgumentException(template + ":" + (i + 1) + ": //#end without //#each");
                }
                for (Primitive p : types) {
                    for (String b : block) {
                        out.append(p.expand(b, lets.get(p))).append('\n');
                    }
                }
                block = null;
            } else if (block != null && block.isEmpty() && directive.startsWith("//#let ")) {
                let(template, i + 1, directive.substring("//#let ".length()), types, lets);
            } else if (block != null) {
                block.add(line);
            } else {
                out.append(line).append('\n');
            }
        }
        if (block != null) {
            throw new IllegalArgumentException(template + ":" + startLine + ": //#each without //#end");
        }
        return out.toString();
    }

    private static final java.util.regex.Pattern LET_VALUE =
            java.util.regex.Pattern.compile("(\\w+)=(?:\"([^\"]*)\"|(\\S*))");

    private static void let(Path template, int line, String text, List<Primitive> types,
                            Map<Primitive, Map<String, String>> lets) {
        String[] nameAndValues = text.trim().split("\\s+", 2);
        String name = nameAndValues[0];
        Map<String, String> values = new java.util.HashMap<>();
        java.util.regex.Matcher m = LET_VALUE.matcher(nameAndValues.length > 1 ? nameAndValues[1] : "");
        while (m.find()) {
            values.put(m.group(1), m.group(2) != null ? m.group(2) : m.group(3));
        }
        for (Primitive p : types) {
            String v = values.get(p.type());
            if (v == null) {
                throw new IllegalArgumentException(template + ":" + line + ": //#let " + name + " has no value for "
                        + p.type());
            }
            lets.get(p).put(name, v);
        }
    }

    private static List<Primitive> typesOf(Path template, int line, String list) {
        List<Primitive> types = new ArrayList<>();
        for (String name : list.trim().split("\\s+")) {
            Primitive p = PRIMITIVES.get(name);
            if (p == null) {
                throw new IllegalArgumentException(template + ":" + line + ": " + name + " is not a primitive type "
                        + PRIMITIVES.keySet());
            }
            types.add(p);
        }
        return types;
    }
}
