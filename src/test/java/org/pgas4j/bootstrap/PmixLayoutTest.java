package org.pgas4j.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.pgas4j.testing.CHeaderCheck;
import org.pgas4j.testing.Needs;
import org.pgas4j.testing.SystemComponent;

/**
 * The PMIx binding's struct layouts ({@code pmix_proc_t}, {@code pmix_value_t} with the union
 * members it uses, {@code pmix_info_t}, {@code pmix_byte_object_t}, {@code pmix_envar_t}) and
 * constants (data types, scope, wildcard rank, event codes, key strings' lengths) checked against
 * {@code pmix_common.h} with gcc. Skipped when gcc or libpmix-dev is missing.
 */
@Timeout(120)
@Needs({SystemComponent.GCC, SystemComponent.PMIX_HEADERS})
class PmixLayoutTest {
    private static final List<String> GCC = List.of("-I/usr/lib/x86_64-linux-gnu/pmix2/include");

    @TempDir
    Path dir;

    @Test
    void structLayoutsMatchTheHeader() throws Exception {
        CHeaderCheck check = check().structs(List.of(PmixLibrary.PROC, PmixLibrary.VALUE, PmixLibrary.INFO,
                PmixLibrary.BYTE_OBJECT, PmixLibrary.ENVAR));
        assertEquals(List.of(), check.differences(), "fields whose Java 'offset size' differs from C's");
        org.junit.jupiter.api.Assertions.assertTrue(check.size() >= 25, "every field was compared: " + check.size());
    }

    @Test
    void constantsMatchTheHeader() throws Exception {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("PMIX_MAX_NSLEN+1", (long) PmixLibrary.NSPACE_BYTES);
        m.put("PMIX_MAX_KEYLEN+1", (long) PmixLibrary.KEY_BYTES);
        m.put("PMIX_SUCCESS", (long) PmixLibrary.PMIX_SUCCESS);
        m.put("PMIX_BOOL", (long) PmixLibrary.PMIX_BOOL);
        m.put("PMIX_STRING", (long) PmixLibrary.PMIX_STRING);
        m.put("PMIX_SIZE", (long) PmixLibrary.PMIX_SIZE);
        m.put("PMIX_INT", (long) PmixLibrary.PMIX_INT);
        m.put("PMIX_INT32", (long) PmixLibrary.PMIX_INT32);
        m.put("PMIX_UINT", (long) PmixLibrary.PMIX_UINT);
        m.put("PMIX_UINT8", (long) PmixLibrary.PMIX_UINT8);
        m.put("PMIX_UINT16", (long) PmixLibrary.PMIX_UINT16);
        m.put("PMIX_UINT32", (long) PmixLibrary.PMIX_UINT32);
        m.put("PMIX_UINT64", (long) PmixLibrary.PMIX_UINT64);
        m.put("PMIX_BYTE_OBJECT", (long) PmixLibrary.PMIX_BYTE_OBJECT);
        m.put("PMIX_PROC_RANK", (long) PmixLibrary.PMIX_PROC_RANK);
        m.put("PMIX_GLOBAL", (long) PmixLibrary.PMIX_GLOBAL);
        m.put("(int32_t)PMIX_RANK_WILDCARD", (long) PmixLibrary.PMIX_RANK_WILDCARD);
        m.put("PMIX_EVENT_ACTION_COMPLETE", (long) PmixLibrary.PMIX_EVENT_ACTION_COMPLETE);
        PmixLibrary.FATAL_EVENTS.forEach((code, name) -> m.put(name, (long) code));
        for (String[] key : new String[][] {{"PMIX_JOB_SIZE", PmixLibrary.KEY_JOB_SIZE},
                {"PMIX_LOCAL_RANK", PmixLibrary.KEY_LOCAL_RANK}, {"PMIX_LOCAL_SIZE", PmixLibrary.KEY_LOCAL_SIZE},
                {"PMIX_NODEID", PmixLibrary.KEY_NODE_ID}, {"PMIX_HOSTNAME", PmixLibrary.KEY_HOSTNAME},
                {"PMIX_COLLECT_DATA", PmixLibrary.KEY_COLLECT_DATA},
                {"PMIX_EVENT_HDLR_NAME", PmixLibrary.KEY_EVENT_HANDLER_NAME}}) {
            // the key's text, compared as a hash of its bytes: the C side hashes the macro's string
            m.put("key_hash(" + key[0] + ")", keyHash(key[1]));
        }
        assertEquals(List.of(), check().declare("static long long key_hash(const char *s) { long long h = 7;"
                + " while (*s) { h = h * 31 + (unsigned char) *s++; h &= 0xffffffffffffLL; } return h; }")
                .constants(m).differences(), "constants whose Java value differs from the header's");
    }

    private CHeaderCheck check() {
        return new CHeaderCheck(dir, List.of("pmix_common.h"), GCC);
    }

    private static long keyHash(String s) {
        long h = 7;
        for (byte b : s.getBytes(java.nio.charset.StandardCharsets.US_ASCII)) {
            h = (h * 31 + (b & 0xff)) & 0xffffffffffffL;
        }
        return h;
    }
}
