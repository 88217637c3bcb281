package org.pgas4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The module's public face: what {@code module-info} exports is all a program written against
 * pgas4j can name, so no public or protected signature of an exported type may name a type of a
 * package the module keeps inside; and the facades reach transports only through the core.
 */
@Timeout(60)
class ModuleApiTest {
    private static final Path CLASSES = Path.of("target/classes");
    private static final Path SOURCES = Path.of("src/main/java");
    private static final List<String> FACADES = List.of("org.pgas4j.shmem", "org.pgas4j.mpi", "org.pgas4j.gaspi");

    private static ModuleDescriptor descriptor() {
        return ModuleFinder.of(CLASSES).find("org.pgas4j").orElseThrow(
                () -> new AssertionError("no module org.pgas4j in " + CLASSES.toAbsolutePath())).descriptor();
    }

    private static Set<String> exported() {
        Set<String> out = new TreeSet<>();
        for (ModuleDescriptor.Exports e : descriptor().exports()) {
            assertTrue(e.targets().isEmpty(), "qualified export " + e);
            out.add(e.source());
        }
        return out;
    }

    @Test
    void exportsTheCoreAndTheFacadesAndNothingOfTheMachinery() {
        Set<String> exported = exported();
        assertTrue(exported.containsAll(List.of("org.pgas4j", "org.pgas4j.shmem", "org.pgas4j.mpi", "org.pgas4j.gaspi")),
                exported::toString);
        for (String p : exported) {
            assertTrue(!p.contains(".internal") && !p.contains(".transport") && !p.startsWith("org.pgas4j.launcher")
                    && !p.startsWith("org.pgas4j.bootstrap") && !p.startsWith("org.pgas4j.spi"), "exports " + p);
        }
        assertTrue(descriptor().packages().size() > exported.size(), "the module keeps packages inside");
    }

    @Test
    void noExportedSignatureNamesATypeTheModuleKeepsInside() throws Exception {
        Set<String> exported = exported();
        List<String> violations = new ArrayList<>();
        int checked = 0;
        for (String pkg : exported) {
            for (Class<?> c : classesOf(pkg)) {
                if (!isVisible(c)) {
                    continue;
                }
                checked++;
                Set<Class<?>> named = new HashSet<>();
                collect(c.getGenericSuperclass(), named);
                for (TypeVariable<?> v : c.getTypeParameters()) {
                    for (Type b : v.getBounds()) {
                        collect(b, named);
                    }
                }
                for (Type t : c.getGenericInterfaces()) {
                    collect(t, named);
                }
                for (Field f : c.getDeclaredFields()) {
                    if (visibleMember(f.getModifiers()) && !f.isSynthetic()) {
                        collect(f.getGenericType(), named);
                    }
                }
                for (Method m : c.getDeclaredMethods()) {
                    if (visibleMember(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
                        collect(m.getGenericReturnType(), named);
                        collectExecutable(m, named);
                    }
                }
                for (Constructor<?> k : c.getDeclaredConstructors()) {
                    if (visibleMember(k.getModifiers()) && !k.isSynthetic()) {
                        collectExecutable(k, named);
                    }
                }
                for (Class<?> n : named) {
                    String p = n.getPackageName();
                    if (p.startsWith("org.pgas4j") && !exported.contains(p)) {
                        violations.add(c.getName() + " names " + n.getName());
                    }
                }
            }
        }
        assertTrue(checked > 50, "checked only " + checked + " public types");
        Collections.sort(violations);
        assertEquals(List.of(), violations);
    }

    @Test
    void facadesNeverImportATransport() throws IOException {
        // org.pgas4j.internal.stats is the exception: the statistics counters, a leaf that reaches no
        // transport, which a facade (shmem, mpi, gaspi) counts its own view into (ArchitectureTest allows it too).
        Pattern imports = Pattern.compile(
                "^import (?:static )?(org\\.pgas4j\\.(?:transport|spi|bootstrap|internal(?!\\.stats\\.))[\\w.]*);",
                Pattern.MULTILINE);
        List<String> violations = new ArrayList<>();
        for (String facade : FACADES) {
            for (Path root : List.of(SOURCES, Path.of("src/main/templates"))) {
                Path dir = root.resolve(facade.replace('.', '/'));
                if (!Files.isDirectory(dir)) {
                    continue;
                }
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path f : files.filter(p -> p.toString().endsWith(".java")
                            || p.toString().endsWith(".java.template")).toList()) {
                        Matcher m = imports.matcher(Files.readString(f));
                        while (m.find()) {
                            violations.add(f + " imports " + m.group(1));
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), violations);
    }

    private static List<Class<?>> classesOf(String pkg) throws IOException, ClassNotFoundException {
        List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(CLASSES.resolve(pkg.replace('.', '/')))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                String simple = f.getFileName().toString().replace(".class", "");
                if (!simple.equals("package-info")) {
                    out.add(Class.forName(pkg + "." + simple, false, ModuleApiTest.class.getClassLoader()));
                }
            }
        }
        return out;
    }

    // A type a program outside the module can name: public, and every enclosing type public too.
    private static boolean isVisible(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
            if (!Modifier.isPublic(k.getModifiers()) || k.isAnonymousClass() || k.isLocalClass()) {
                return false;
            }
        }
        return true;
    }

    private static boolean visibleMember(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static void collectExecutable(Executable e, Set<Class<?>> out) {
        for (TypeVariable<?> v : e.getTypeParameters()) {
            for (Type b : v.getBounds()) {
                collect(b, out);
            }
        }
        for (Type t : e.getGenericParameterTypes()) {
            collect(t, out);
        }
        for (Type t : e.getGenericExceptionTypes()) {
            collect(t, out);
        }
    }

    private static void collect(Type t, Set<Class<?>> out) {
        switch (t) {
            case null -> {
            }
            case Class<?> c -> {
                Class<?> k = c;
                while (k.isArray()) {
                    k = k.getComponentType();
                }
                if (!k.isPrimitive()) {
                    out.add(k);
                }
            }
            case ParameterizedType p -> {
                collect(p.getRawType(), out);
                for (Type a : p.getActualTypeArguments()) {
                    collect(a, out);
                }
            }
            case GenericArrayType g -> collect(g.getGenericComponentType(), out);
            case WildcardType w -> {
                for (Type b : w.getUpperBounds()) {
                    collect(b, out);
                }
                for (Type b : w.getLowerBounds()) {
                    collect(b, out);
                }
            }
            case TypeVariable<?> v -> {
                // Bounds are reached through the declaration; a variable names nothing itself.
            }
            default -> throw new AssertionError("unexpected type " + t);
        }
    }
}
