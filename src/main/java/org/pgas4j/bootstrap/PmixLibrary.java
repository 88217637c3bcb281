package org.pgas4j.bootstrap;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static java.lang.foreign.ValueLayout.JAVA_SHORT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.UnionLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The few functions and structs of the PMIx client library ({@code libpmix}, PMIx 4) that the
 * {@link PmixBootstrap} needs, bound through java.lang.foreign: no JNI and no C of ours. The
 * struct layouts follow {@code pmix_common.h} on LP64 Linux; a test compares them with the C
 * compiler where the header is installed.
 */
final class PmixLibrary {
    /** The library files tried, in order. */
    static final String[] FILES = {"libpmix.so.2", "libpmix.so"};

    /** {@code PMIX_MAX_NSLEN + 1}. */
    static final int NSPACE_BYTES = 256;
    /** {@code PMIX_MAX_KEYLEN + 1}. */
    static final int KEY_BYTES = 512;

    static final int PMIX_SUCCESS = 0;
    static final short PMIX_BOOL = 1;
    static final short PMIX_STRING = 3;
    static final short PMIX_SIZE = 4;
    static final short PMIX_INT = 6;
    static final short PMIX_INT32 = 9;
    static final short PMIX_UINT = 11;
    static final short PMIX_UINT8 = 12;
    static final short PMIX_UINT16 = 13;
    static final short PMIX_UINT32 = 14;
    static final short PMIX_UINT64 = 15;
    static final short PMIX_BYTE_OBJECT = 27;
    static final short PMIX_PROC_RANK = 40;
    /** {@code pmix_scope_t}: share with every process of the job, on every node. */
    static final byte PMIX_GLOBAL = 3;
    /** {@code PMIX_RANK_WILDCARD}: a job-level key. */
    static final int PMIX_RANK_WILDCARD = -2;
    /** An event handler's answer: done with the event. */
    static final int PMIX_EVENT_ACTION_COMPLETE = -334;

    /** The events after which a job cannot go on: a process aborted, died or the server went. */
    static final Map<Integer, String> FATAL_EVENTS = Map.of(
            -7, "PMIX_ERR_PROC_ABORTED",
            -9, "PMIX_ERR_PROC_ABORTING",
            -25, "PMIX_ERR_UNREACH",
            -61, "PMIX_ERR_LOST_CONNECTION",
            -145, "PMIX_EVENT_JOB_END",
            -200, "PMIX_ERR_PROC_TERM_WO_SYNC");

    static final String KEY_JOB_SIZE = "pmix.job.size";
    static final String KEY_LOCAL_RANK = "pmix.lrank";
    static final String KEY_LOCAL_SIZE = "pmix.local.size";
    static final String KEY_NODE_ID = "pmix.nodeid";
    static final String KEY_HOSTNAME = "pmix.hname";
    static final String KEY_NUM_NODES = "pmix.num.nodes";
    static final String KEY_COLLECT_DATA = "pmix.collect";
    static final String KEY_EVENT_HANDLER_NAME = "pmix.evname";

    /** {@code pmix_proc_t}. */
    static final StructLayout PROC = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(NSPACE_BYTES, JAVA_BYTE).withName("nspace"),
            JAVA_INT.withName("rank")).withName("pmix_proc_t");

    /** {@code pmix_byte_object_t}. */
    static final StructLayout BYTE_OBJECT = MemoryLayout.structLayout(
            ADDRESS.withName("bytes"), JAVA_LONG.withName("size")).withName("pmix_byte_object_t");

    /** {@code pmix_envar_t}: the largest member of the value union, which sets its size. */
    static final StructLayout ENVAR = MemoryLayout.structLayout(
            ADDRESS.withName("envar"), ADDRESS.withName("value"), JAVA_BYTE.withName("separator"),
            MemoryLayout.paddingLayout(7)).withName("pmix_envar_t");

    /** The union {@code data} of {@code pmix_value_t}, with the members read or written here. */
    static final UnionLayout VALUE_DATA = MemoryLayout.unionLayout(
            JAVA_BYTE.withName("flag"), ADDRESS.withName("string"), JAVA_LONG.withName("size"),
            JAVA_INT.withName("integer"), JAVA_SHORT.withName("uint16"), JAVA_INT.withName("uint32"),
            JAVA_LONG.withName("uint64"), JAVA_INT.withName("rank"), BYTE_OBJECT.withName("bo"),
            ENVAR.withName("envar"));

    /** {@code pmix_value_t}. */
    static final StructLayout VALUE = MemoryLayout.structLayout(
            JAVA_SHORT.withName("type"), MemoryLayout.paddingLayout(6), VALUE_DATA.withName("data"))
            .withName("pmix_value_t");

    /** {@code pmix_info_t}. */
    static final StructLayout INFO = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(KEY_BYTES, JAVA_BYTE).withName("key"), JAVA_INT.withName("flags"),
            MemoryLayout.paddingLayout(4), VALUE.withName("value")).withName("pmix_info_t");

    static final long PROC_RANK = PROC.byteOffset(MemoryLayout.PathElement.groupElement("rank"));
    static final long VALUE_DATA_OFFSET = VALUE.byteOffset(MemoryLayout.PathElement.groupElement("data"));
    static final long INFO_FLAGS = INFO.byteOffset(MemoryLayout.PathElement.groupElement("flags"));
    static final long INFO_VALUE = INFO.byteOffset(MemoryLayout.PathElement.groupElement("value"));

    /** {@code pmix_notification_fn_t}. */
    static final FunctionDescriptor NOTIFICATION = FunctionDescriptor.ofVoid(JAVA_LONG, JAVA_INT, ADDRESS,
            ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS);
    private static final Linker LINKER = Linker.nativeLinker();

    private final MethodHandle init;
    private final MethodHandle finalizeHandle;
    private final MethodHandle abort;
    private final MethodHandle put;
    private final MethodHandle commit;
    private final MethodHandle fence;
    private final MethodHandle get;
    private final MethodHandle registerEventHandler;
    private final MethodHandle errorString;
    private final MethodHandle valueDestruct;
    private final MethodHandle free;

    private PmixLibrary(SymbolLookup pmix) {
        init = handle(pmix, "PMIx_Init");
        finalizeHandle = handle(pmix, "PMIx_Finalize");
        abort = handle(pmix, "PMIx_Abort");
        put = handle(pmix, "PMIx_Put");
        commit = handle(pmix, "PMIx_Commit");
        fence = handle(pmix, "PMIx_Fence");
        get = handle(pmix, "PMIx_Get");
        registerEventHandler = handle(pmix, "PMIx_Register_event_handler");
        errorString = handle(pmix, "PMIx_Error_string");
        valueDestruct = handle(pmix, "PMIx_Value_destruct");
        free = handle(LINKER.defaultLookup(), "free");
    }

    private static MethodHandle handle(SymbolLookup lookup, String name) {
        return NativeWords.bind(lookup.findOrThrow(name));
    }

    /**
     * Calls {@code f} in {@link NativeWords}' one call shape (whose javadoc says why a PMIx function
     * may be called so; bound each with its own descriptor, the ten functions cost every PE under
     * srun about 50 ms of start-up); unused trailing arguments are 0.
     */
    private static long call(MethodHandle f, long a, long b, long c, long d, long e, long g, long h) {
        return NativeWords.call(f, a, b, c, d, e, g, h);
    }

    private static int status(long result) {
        return (int) result; // pmix_status_t: an int, the low half of the result register
    }

    /** {@code PMIx_Init(proc, NULL, 0)}: fills {@code proc} with this process's namespace and rank. */
    int init(MemorySegment proc) {
        return status(call(init, proc.address(), 0, 0, 0, 0, 0, 0));
    }

    /** {@code PMIx_Finalize(NULL, 0)}. */
    int finalizeClient() {
        return status(call(finalizeHandle, 0, 0, 0, 0, 0, 0, 0));
    }

    /** {@code PMIx_Abort(status, message, NULL, 0)}: the whole job. */
    int abort(int exitStatus, MemorySegment message) {
        return status(call(abort, exitStatus, message.address(), 0, 0, 0, 0, 0));
    }

    /** {@code PMIx_Put(scope, key, value)}. */
    int put(byte scope, MemorySegment key, MemorySegment value) {
        return status(call(put, scope, key.address(), value.address(), 0, 0, 0, 0));
    }

    /** {@code PMIx_Commit()}. */
    int commit() {
        return status(call(commit, 0, 0, 0, 0, 0, 0, 0));
    }

    /** {@code PMIx_Fence(procs, nprocs, info, ninfo)}: blocks until every process of {@code procs} has called it. */
    int fence(MemorySegment procs, long nprocs, MemorySegment info, long ninfo) {
        return status(call(fence, procs.address(), nprocs, info.address(), ninfo, 0, 0, 0));
    }

    /** {@code PMIx_Get(proc, key, NULL, 0, out)}: {@code out} receives a {@code pmix_value_t *}. */
    int get(MemorySegment proc, MemorySegment key, MemorySegment out) {
        return status(call(get, proc.address(), key.address(), 0, 0, out.address(), 0, 0));
    }

    /** {@code PMIx_Register_event_handler(codes, ncodes, info, ninfo, handler, NULL, NULL)}. */
    int registerEventHandler(MemorySegment codes, long ncodes, MemorySegment info, long ninfo, MemorySegment handler) {
        return status(call(registerEventHandler, codes.address(), ncodes, info.address(), ninfo, handler.address(), 0, 0));
    }

    /** {@code PMIX_VALUE_RELEASE(value)}: its contents, then the struct that {@code PMIx_Get} allocated. */
    void releaseValue(MemorySegment value) {
        call(valueDestruct, value.address(), 0, 0, 0, 0, 0, 0);
        call(free, value.address(), 0, 0, 0, 0, 0, 0);
    }

    /**
     * Calls an event handler's completion callback ({@code pmix_event_notification_cbfunc_fn_t},
     * PMIx's {@code cbfunc} argument) with {@code PMIX_EVENT_ACTION_COMPLETE} and no results.
     */
    static void eventHandled(MemorySegment callback, MemorySegment callbackData) {
        long ignored = NativeWords.callAddress(callback, PMIX_EVENT_ACTION_COMPLETE, 0, 0, 0, 0, callbackData.address(), 0);
    }

    /**
     * Loads the library.
     *
     * @throws BootstrapException naming the files tried when none loads
     */
    static PmixLibrary load() {
        StringBuilder why = new StringBuilder();
        for (String file : FILES) {
            try {
                return new PmixLibrary(SymbolLookup.libraryLookup(file, Arena.global()));
            } catch (IllegalArgumentException | java.util.NoSuchElementException e) {
                why.append(why.isEmpty() ? "" : "; ").append(file).append(": ").append(e.getMessage());
            }
        }
        throw new BootstrapException("this process was started by a PMIx launcher (srun --mpi=pmix, mpirun) but the"
                + " PMIx client library cannot be loaded (" + why + "); install libpmix2 (Debian) or pmix");
    }

    /** An upcall stub calling {@code target}, living as long as {@code arena}. */
    static MemorySegment upcall(MethodHandle target, FunctionDescriptor d, Arena arena) {
        MethodType expected = d.toMethodType();
        return LINKER.upcallStub(target.asType(expected), d, arena);
    }

    /** The library's words for {@code status}. */
    String describe(int status) {
        try {
            MemorySegment s = MemorySegment.ofAddress(call(errorString, status, 0, 0, 0, 0, 0, 0));
            return s.equals(MemorySegment.NULL) ? "status " + status
                    : s.reinterpret(4096).getString(0, StandardCharsets.UTF_8) + " (" + status + ")";
        } catch (Throwable t) {
            return "status " + status;
        }
    }

    /** Writes a NUL-terminated C string into a fixed-size char array at {@code offset}. */
    static void putChars(MemorySegment s, long offset, int capacity, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        if (b.length >= capacity) {
            throw new BootstrapException("PMIx: '" + text + "' is longer than " + (capacity - 1) + " bytes");
        }
        MemorySegment.copy(b, 0, s, JAVA_BYTE, offset, b.length);
        s.set(JAVA_BYTE, offset + b.length, (byte) 0);
    }

    /** Fills {@code info} (one {@code pmix_info_t}) with a boolean. */
    static void infoBool(MemorySegment info, String key, boolean value) {
        info.fill((byte) 0);
        putChars(info, 0, KEY_BYTES, key);
        info.set(JAVA_SHORT, INFO_VALUE, PMIX_BOOL);
        info.set(JAVA_BYTE, INFO_VALUE + VALUE_DATA_OFFSET, (byte) (value ? 1 : 0));
    }

    /** Fills {@code info} (one {@code pmix_info_t}) with a string that {@code arena} holds. */
    static void infoString(MemorySegment info, String key, String value, Arena arena) {
        info.fill((byte) 0);
        putChars(info, 0, KEY_BYTES, key);
        info.set(JAVA_SHORT, INFO_VALUE, PMIX_STRING);
        info.set(ADDRESS, INFO_VALUE + VALUE_DATA_OFFSET, arena.allocateFrom(value));
    }
}
