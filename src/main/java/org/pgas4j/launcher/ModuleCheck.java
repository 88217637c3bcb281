package org.pgas4j.launcher;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.Configuration;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.lang.module.ResolutionException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Checks, before anything is spawned, a program given with {@code -m MODULE[/MAIN_CLASS]}: the
 * module is on the module path (the user's, then pgas4j's own module), names or contains its main
 * class, and resolves with everything it requires, as the PEs' JVMs will resolve it (system
 * modules first, then the module path). Nothing of the program is loaded or initialised.
 */
final class ModuleCheck {
    /** pgas4j's own module, which every modular PE has on its module path. */
    static final String PGAS4J_MODULE = "org.pgas4j";

    private ModuleCheck() {
    }

    /**
     * Resolves and checks the module of {@code options}.
     *
     * @param self the jar or directory of pgas4j's own module
     * @throws UsageException naming what is missing
     */
    static ProgramCheck.Program resolve(RunOptions options, Path self) {
        List<String> modulePath = new ArrayList<>();
        for (String entry : options.modulePath()) {
            modulePath.add(Path.of(entry).toAbsolutePath().normalize().toString());
        }
        modulePath.add(self.toString());
        String joined = String.join(File.pathSeparator, modulePath);
        ModuleFinder finder = ModuleFinder.of(modulePath.stream().map(Path::of).toArray(Path[]::new));
        String name = options.moduleName();
        ModuleReference module;
        try {
            module = finder.find(name).orElseThrow(() -> new UsageException(
                    "module " + name + " not found on the module path " + joined));
        } catch (FindException e) {
            throw new UsageException("cannot read the module path " + joined + ": " + oneLine(e));
        }
        String mainClass = options.moduleMainClass() != null ? options.moduleMainClass()
                : module.descriptor().mainClass().orElseThrow(() -> new UsageException("module " + name
                        + " names no main class in its descriptor: give -m " + name + "/MAIN_CLASS"));
        requireMainClass(module, mainClass);
        requireResolvable(finder, name, joined);
        return new ProgramCheck.Program(mainClass, options.classPath(), name, modulePath);
    }

    private static void requireMainClass(ModuleReference module, String mainClass) {
        ModuleDescriptor descriptor = module.descriptor();
        int dot = mainClass.lastIndexOf('.');
        String pkg = dot < 0 ? "" : mainClass.substring(0, dot);
        boolean found = descriptor.packages().contains(pkg);
        if (found) {
            try (ModuleReader reader = module.open()) {
                found = reader.find(mainClass.replace('.', '/') + ".class").isPresent();
            } catch (IOException | UncheckedIOException e) {
                throw new UsageException("cannot read module " + descriptor.name() + ": " + e.getMessage());
            }
        }
        if (!found) {
            throw new UsageException("main class " + mainClass + " not found in module " + descriptor.name()
                    + (module.location().map(l -> " (" + l + ")").orElse("")));
        }
    }

    private static void requireResolvable(ModuleFinder finder, String name, String joined) {
        try {
            Configuration.empty().resolve(ModuleFinder.compose(ModuleFinder.ofSystem(), finder), ModuleFinder.of(),
                    new java.util.HashSet<>(java.util.List.of(name, PGAS4J_MODULE))); // the same when -m names org.pgas4j
        } catch (FindException | ResolutionException e) {
            throw new UsageException("module " + name + " cannot be resolved on the module path " + joined + ": "
                    + oneLine(e));
        }
    }

    /** A message with its causes on one line. */
    private static String oneLine(Throwable e) {
        StringBuilder b = new StringBuilder(String.valueOf(e.getMessage()));
        for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
            b.append(": ").append(c.getMessage());
        }
        return b.toString().replaceAll("\\s*\\R\\s*", " ");
    }
}
