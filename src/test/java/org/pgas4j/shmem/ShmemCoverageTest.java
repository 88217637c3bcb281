package org.pgas4j.shmem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Keeps docs/openshmem-coverage.md true: every method a <b>yes</b> row names exists (public, with a
 * parameter of each type named in parentheses), a <b>pending</b> row is not yet all there (else it
 * must say yes), a <b>none</b> row names no method, and no routine has two rows.
 */
class ShmemCoverageTest {
    private static final Path TABLE = Path.of("docs/openshmem-coverage.md");
    private static final Pattern ROUTINE = Pattern.compile("`((?:shmem_|start_pes|sh)\\w*)`");
    private static final Pattern METHOD = Pattern.compile("`(\\w+)\\.(\\w+)(?:\\(([\\w\\[\\], ]*)\\))?`");

    /** One table row: the routines of the first column, the second, the status. */
    record Row(List<String> routines, String java, String status, int line) {
    }

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        List<String> lines = Files.readAllLines(TABLE);
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (!l.startsWith("| `")) {
                continue;
            }
            String[] cells = l.split("\\|", -1);
            List<String> routines = new ArrayList<>();
            Matcher m = ROUTINE.matcher(cells[1]);
            while (m.find()) {
                routines.add(m.group(1));
            }
            rows.add(new Row(routines, cells[2].trim(), cells[3].trim(), i + 1));
        }
        return rows;
    }

    /** Whether {@code ref} (class, method, optional parameter types) names a public method. */
    static boolean exists(Matcher ref) {
        Class<?> c;
        try {
            c = Class.forName("org.pgas4j.shmem." + ref.group(1));
        } catch (ClassNotFoundException e) {
            return false;
        }
        for (Method m : c.getMethods()) {
            if (!m.getName().equals(ref.group(2)) || !Modifier.isPublic(m.getModifiers())) {
                continue;
            }
            if (ref.group(3) == null) {
                return true;
            }
            Set<String> params = new HashSet<>();
            for (Class<?> p : m.getParameterTypes()) {
                params.add(p.getSimpleName());
            }
            boolean all = true;
            for (String t : ref.group(3).split(",")) {
                all &= params.contains(t.trim());
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    @Test
    void everyRowIsTrue() throws IOException {
        List<String> wrong = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int yes = 0;
        List<Row> rows = rows();
        for (Row r : rows) {
            String where = TABLE + ":" + r.line() + " " + r.routines();
            if (r.routines().isEmpty()) {
                wrong.add(where + ": no routine in the first column");
            }
            for (String routine : r.routines()) {
                if (!seen.add(routine)) {
                    wrong.add(where + ": " + routine + " has another row");
                }
            }
            Matcher m = METHOD.matcher(r.java());
            int named = 0;
            int present = 0;
            List<String> missing = new ArrayList<>();
            while (m.find()) {
                named++;
                if (exists(m)) {
                    present++;
                } else {
                    missing.add(m.group());
                }
            }
            switch (r.status()) {
                case "yes" -> {
                    yes++;
                    if (named == 0 || !missing.isEmpty()) {
                        wrong.add(where + ": marked yes but " + (named == 0 ? "names no method" : "lacks " + missing));
                    }
                }
                case "pending" -> {
                    if (named == 0) {
                        wrong.add(where + ": pending rows name the methods they will have");
                    } else if (present == named) {
                        wrong.add(where + ": every method it names exists now: mark it yes");
                    }
                }
                case "none" -> {
                    if (named != 0 || !r.java().equals("—")) {
                        wrong.add(where + ": a none row has no Java method (—) and says why in its notes");
                    }
                }
                default -> wrong.add(where + ": status '" + r.status() + "' is not yes, pending or none");
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(rows.size() > 100 && yes > 90, rows.size() + " rows, " + yes + " yes");
    }

    @Test
    void theCheckerRefusesWhatDoesNotExist() {
        Matcher good = METHOD.matcher("`ShmemContext.put(long[])`");
        Matcher badType = METHOD.matcher("`ShmemContext.putSignal(boolean[])`");
        Matcher badName = METHOD.matcher("`Shmem.noSuchRoutine`");
        Matcher badClass = METHOD.matcher("`NoSuchClass.put`");
        assertTrue(good.find() && exists(good));
        assertTrue(badType.find() && !exists(badType));
        assertTrue(badName.find() && !exists(badName));
        assertTrue(badClass.find() && !exists(badClass));
    }
}
