package org.pgas4j.internal.kinds;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pgas4j.BadArgumentException;

/**
 * The oneAPI Level Zero loader ({@code libze_loader}) through java.lang.foreign: the ZE class.
 * A probe calls {@code zeInit}, {@code zeDriverGet} and {@code zeDeviceGet}; opening a device
 * validates the ZE record of seed 000 section 6.3 — its device handle must be one the loader
 * reports, its memory ordinal one the device has ({@code zeDeviceGetMemoryProperties}), and its
 * context either 0 (pgas4j then creates one on the device's driver) or a live context
 * ({@code zeContextGetStatus}).
 */
public final class ZeRuntime extends DeviceRuntime {
    /** {@code ZE_RESULT_SUCCESS}. */
    static final int RESULT_SUCCESS = 0;
    /** {@code ZE_STRUCTURE_TYPE_CONTEXT_DESC}. */
    static final int STRUCTURE_TYPE_CONTEXT_DESC = 0xd;
    /** {@code ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC}. */
    static final int STRUCTURE_TYPE_COMMAND_QUEUE_DESC = 0xe;
    /** {@code ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC}. */
    static final int STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC = 0x15;
    /** {@code ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES}. */
    static final int STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES = 0x17;
    /** {@code ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS}: an append returns when the command has completed. */
    static final int COMMAND_QUEUE_MODE_SYNCHRONOUS = 1;
    /** {@code ZE_MEMORY_TYPE_DEVICE}. */
    static final int MEMORY_TYPE_DEVICE = 2;
    /** {@code ZE_MAX_IPC_HANDLE_SIZE}. */
    static final int MAX_IPC_HANDLE_SIZE = 64;
    /** {@code ZEL_COMPONENT_STRING_SIZE}. */
    static final int COMPONENT_STRING_SIZE = 64;

    /** {@code ze_context_desc_t}. */
    static final StructLayout CONTEXT_DESC = MemoryLayout.structLayout(ValueLayout.JAVA_INT.withName("stype"),
            MemoryLayout.paddingLayout(4), ValueLayout.ADDRESS.withName("pNext"), ValueLayout.JAVA_INT.withName("flags"),
            MemoryLayout.paddingLayout(4)).withName("ze_context_desc_t");
    /** {@code ze_device_mem_alloc_desc_t}. */
    static final StructLayout DEVICE_MEM_ALLOC_DESC = MemoryLayout.structLayout(ValueLayout.JAVA_INT.withName("stype"),
            MemoryLayout.paddingLayout(4), ValueLayout.ADDRESS.withName("pNext"), ValueLayout.JAVA_INT.withName("flags"),
            ValueLayout.JAVA_INT.withName("ordinal")).withName("ze_device_mem_alloc_desc_t");
    /** {@code ze_command_queue_desc_t}. */
    static final StructLayout COMMAND_QUEUE_DESC = MemoryLayout.structLayout(ValueLayout.JAVA_INT.withName("stype"),
            MemoryLayout.paddingLayout(4), ValueLayout.ADDRESS.withName("pNext"), ValueLayout.JAVA_INT.withName("ordinal"),
            ValueLayout.JAVA_INT.withName("index"), ValueLayout.JAVA_INT.withName("flags"),
            ValueLayout.JAVA_INT.withName("mode"), ValueLayout.JAVA_INT.withName("priority"),
            MemoryLayout.paddingLayout(4)).withName("ze_command_queue_desc_t");
    /** {@code ze_memory_allocation_properties_t}. */
    static final StructLayout MEMORY_ALLOCATION_PROPERTIES = MemoryLayout.structLayout(
            ValueLayout.JAVA_INT.withName("stype"), MemoryLayout.paddingLayout(4), ValueLayout.ADDRESS.withName("pNext"),
            ValueLayout.JAVA_INT.withName("type"), MemoryLayout.paddingLayout(4), ValueLayout.JAVA_LONG.withName("id"),
            ValueLayout.JAVA_LONG.withName("pageSize")).withName("ze_memory_allocation_properties_t");
    /** {@code ze_ipc_mem_handle_t}: 64 opaque bytes, passed by value to {@code zeMemOpenIpcHandle}. */
    static final StructLayout IPC_MEM_HANDLE = MemoryLayout.structLayout(MemoryLayout.sequenceLayout(MAX_IPC_HANDLE_SIZE,
            ValueLayout.JAVA_BYTE).withName("data")).withName("ze_ipc_mem_handle_t");
    /** {@code zel_version_t}. */
    static final StructLayout LOADER_VERSION = MemoryLayout.structLayout(ValueLayout.JAVA_INT.withName("major"),
            ValueLayout.JAVA_INT.withName("minor"), ValueLayout.JAVA_INT.withName("patch")).withName("zel_version_t");
    /** {@code zel_component_version_t}, what {@code zelLoaderGetVersions} fills in. */
    static final StructLayout COMPONENT_VERSION = MemoryLayout.structLayout(MemoryLayout.sequenceLayout(
            COMPONENT_STRING_SIZE, ValueLayout.JAVA_BYTE).withName("component_name"),
            ValueLayout.JAVA_INT.withName("spec_version"), LOADER_VERSION.withName("component_lib_version"))
            .withName("zel_component_version_t");

    /** The names of the {@code ze_result_t} values, as {@code ze_api.h} spells them. */
    static final Map<Integer, String> RESULT_NAMES = Map.ofEntries(
            Map.entry(0, "ZE_RESULT_SUCCESS"),
            Map.entry(1, "ZE_RESULT_NOT_READY"),
            Map.entry(0x70000001, "ZE_RESULT_ERROR_DEVICE_LOST"),
            Map.entry(0x70000002, "ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY"),
            Map.entry(0x70000003, "ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY"),
            Map.entry(0x70000006, "ZE_RESULT_ERROR_DEVICE_REQUIRES_RESET"),
            Map.entry(0x70000007, "ZE_RESULT_ERROR_DEVICE_IN_LOW_POWER_STATE"),
            Map.entry(0x70010000, "ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS"),
            Map.entry(0x70010001, "ZE_RESULT_ERROR_NOT_AVAILABLE"),
            Map.entry(0x70020000, "ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE"),
            Map.entry(0x78000001, "ZE_RESULT_ERROR_UNINITIALIZED"),
            Map.entry(0x78000002, "ZE_RESULT_ERROR_UNSUPPORTED_VERSION"),
            Map.entry(0x78000003, "ZE_RESULT_ERROR_UNSUPPORTED_FEATURE"),
            Map.entry(0x78000004, "ZE_RESULT_ERROR_INVALID_ARGUMENT"),
            Map.entry(0x78000005, "ZE_RESULT_ERROR_INVALID_NULL_HANDLE"),
            Map.entry(0x78000006, "ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE"),
            Map.entry(0x78000007, "ZE_RESULT_ERROR_INVALID_NULL_POINTER"),
            Map.entry(0x78000008, "ZE_RESULT_ERROR_INVALID_SIZE"),
            Map.entry(0x78000009, "ZE_RESULT_ERROR_UNSUPPORTED_SIZE"),
            Map.entry(0x7800000a, "ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT"),
            Map.entry(0x7800000c, "ZE_RESULT_ERROR_INVALID_ENUMERATION"),
            Map.entry(0x7800000d, "ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION"),
            Map.entry(0x7800001a, "ZE_RESULT_ERROR_OVERLAPPING_REGIONS"),
            Map.entry(0x7ffffffe, "ZE_RESULT_ERROR_UNKNOWN"));

    ZeRuntime() {
        super("ZE", "Level Zero", List.of("libze_loader.so.1", "libze_loader.so"), "libze1");
    }

    /** The name of a {@code ze_result_t}, with its value in hexadecimal. */
    static String resultName(int code) {
        return "0x" + Integer.toHexString(code) + " (" + RESULT_NAMES.getOrDefault(code, "an unknown ze_result_t") + ")";
    }

    @Override
    List<Path> installDirs() {
        return List.of(Path.of("/opt/intel/oneapi/lib"));
    }

    /** One device as the loader reports it: its driver's handle and its own. */
    record Handles(long driver, long device) {
    }

    @Override
    Status probe(Loaded lib) throws Throwable {
        String version = loaderVersion(lib);
        if (version == null) {
            version = versionOfFile(lib.path());
        }
        MethodHandle init = lib.handle("zeInit", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        int err = (int) init.invokeExact(0);
        if (err != RESULT_SUCCESS) {
            return new Status(lib.path(), version, 0, new boolean[0], Problem.NO_DRIVER, "no Level Zero driver: zeInit "
                    + "returned " + resultName(err));
        }
        List<Long> drivers = new ArrayList<>();
        String failure = drivers(lib, drivers);
        if (failure != null || drivers.isEmpty()) {
            return new Status(lib.path(), version, 0, new boolean[0], Problem.NO_DRIVER, "no Level Zero driver: "
                    + (failure != null ? failure : "zeDriverGet found none"));
        }
        List<Handles> devices = new ArrayList<>();
        failure = devices(lib, drivers, devices);
        if (failure != null || devices.isEmpty()) {
            return new Status(lib.path(), version, 0, new boolean[0], Problem.NO_DEVICE, "no Level Zero device: "
                    + (failure != null ? failure : "zeDeviceGet found none on " + drivers.size() + " driver(s)"));
        }
        boolean[] usable = new boolean[devices.size()];
        java.util.Arrays.fill(usable, true);
        return new Status(lib.path(), version, devices.size(), usable, null, null);
    }

    /** The loader's own version ({@code zelLoaderGetVersions}, component "loader"), or null. */
    private static String loaderVersion(Loaded lib) throws Throwable {
        if (!lib.has("zelLoaderGetVersions")) {
            return null;
        }
        MethodHandle get = lib.handle("zelLoaderGetVersions", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        MemorySegment count = lib.arena().allocate(ValueLayout.JAVA_LONG);
        if ((int) get.invokeExact(count, MemorySegment.NULL) != RESULT_SUCCESS) {
            return null;
        }
        long n = count.get(ValueLayout.JAVA_LONG, 0);
        if (n <= 0 || n > 64) {
            return null;
        }
        MemorySegment versions = lib.arena().allocate(COMPONENT_VERSION, n);
        if ((int) get.invokeExact(count, versions) != RESULT_SUCCESS) {
            return null;
        }
        long lib0 = COMPONENT_VERSION.byteOffset(MemoryLayout.PathElement.groupElement("component_lib_version"));
        for (long i = 0; i < Math.min(n, count.get(ValueLayout.JAVA_LONG, 0)); i++) {
            MemorySegment v = versions.asSlice(i * COMPONENT_VERSION.byteSize(), COMPONENT_VERSION.byteSize());
            if (v.getString(0).equals("loader")) {
                return v.get(ValueLayout.JAVA_INT, lib0) + "." + v.get(ValueLayout.JAVA_INT, lib0 + 4) + "."
                        + v.get(ValueLayout.JAVA_INT, lib0 + 8);
            }
        }
        return null;
    }

    /** Adds the driver handles to {@code out}; returns what failed, or null. */
    private static String drivers(Loaded lib, List<Long> out) throws Throwable {
        MethodHandle get = lib.handle("zeDriverGet", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                ValueLayout.ADDRESS));
        MemorySegment count = lib.arena().allocate(ValueLayout.JAVA_INT);
        int err = (int) get.invokeExact(count, MemorySegment.NULL);
        if (err != RESULT_SUCCESS) {
            return "zeDriverGet returned " + resultName(err);
        }
        int n = count.get(ValueLayout.JAVA_INT, 0);
        if (n > 0) {
            MemorySegment handles = lib.arena().allocate(ValueLayout.ADDRESS, n);
            err = (int) get.invokeExact(count, handles);
            if (err != RESULT_SUCCESS) {
                return "zeDriverGet returned " + resultName(err);
            }
            for (int i = 0; i < count.get(ValueLayout.JAVA_INT, 0); i++) {
                out.add(handles.getAtIndex(ValueLayout.ADDRESS, i).address());
            }
        }
        return null;
    }

    /** Adds the devices of every driver to {@code out}; returns what failed, or null. */
    private static String devices(Loaded lib, List<Long> drivers, List<Handles> out) throws Throwable {
        MethodHandle get = lib.handle("zeDeviceGet", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        MemorySegment count = lib.arena().allocate(ValueLayout.JAVA_INT);
        for (long driver : drivers) {
            count.set(ValueLayout.JAVA_INT, 0, 0);
            int err = (int) get.invokeExact(driver, count, MemorySegment.NULL);
            int n = count.get(ValueLayout.JAVA_INT, 0);
            if (err == RESULT_SUCCESS && n > 0) {
                MemorySegment handles = lib.arena().allocate(ValueLayout.ADDRESS, n);
                err = (int) get.invokeExact(driver, count, handles);
                for (int i = 0; err == RESULT_SUCCESS && i < count.get(ValueLayout.JAVA_INT, 0); i++) {
                    out.add(new Handles(driver, handles.getAtIndex(ValueLayout.ADDRESS, i).address()));
                }
            }
            if (err != RESULT_SUCCESS) {
                return "zeDeviceGet returned " + resultName(err);
            }
        }
        return null;
    }

    /** The devices the loader reports now, in its order ({@code Client.visibleDevices(ZE)} indexes them). */
    List<Handles> devices(Loaded lib) throws Throwable {
        List<Long> drivers = new ArrayList<>();
        List<Handles> devices = new ArrayList<>();
        if (drivers(lib, drivers) == null) {
            devices(lib, drivers, devices);
        }
        return devices;
    }

    /** The device handle of the {@code index}th device the loader reports, for {@code MemoryKindSpec.Ze}. */
    public long deviceHandle(int index, String where) {
        Status s = require(where);
        if (index < 0 || index >= s.devices()) {
            throw new BadArgumentException(where + ": ZE device index " + index + " does not exist; the Level Zero loader "
                    + "reports " + s.devices() + " device(s)");
        }
        try {
            return devices(loaded(s)).get(index).device();
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new BadArgumentException(where + ": the Level Zero loader could not list its devices: " + t);
        }
    }

    private Loaded loaded(Status s) {
        return new Loaded(this, s.library(), SymbolLookup.libraryLookup(s.library(), Arena.global()), Arena.global());
    }

    /**
     * The device of a ZE record, validated against what the loader reports.
     *
     * @param device the {@code ze_device_handle_t}
     * @param context a {@code ze_context_handle_t} of this process, or 0 for one pgas4j creates
     * @param memoryOrdinal the device memory ordinal
     * @param where the operation and PE, for messages
     * @throws BadArgumentException with the exact reason when the loader, a driver or the device is
     *     missing, or a field of the record does not match what the loader reports
     */
    public NativeDevice open(long device, long context, int memoryOrdinal, String where) {
        Status s = require(where);
        Loaded lib = loaded(s);
        try {
            Handles found = null;
            List<String> known = new ArrayList<>();
            for (Handles h : devices(lib)) {
                known.add("0x" + Long.toHexString(h.device()));
                if (h.device() == device) {
                    found = h;
                }
            }
            if (found == null) {
                throw new BadArgumentException(where + ": ZE device 0x" + Long.toHexString(device) + " is not a device "
                        + "the Level Zero loader reports (its devices: " + known + ")");
            }
            int ordinals = memoryOrdinals(lib, device);
            if (memoryOrdinal < 0 || memoryOrdinal >= ordinals) {
                throw new BadArgumentException(where + ": ZE memory ordinal " + memoryOrdinal + " is out of range: device "
                        + "0x" + Long.toHexString(device) + " has " + ordinals + " memory ordinal(s) "
                        + "(zeDeviceGetMemoryProperties)");
            }
            if (context != 0) {
                checkContext(lib, context, where);
            }
            return new ZeDevice(this, lib, found.driver(), device, context, memoryOrdinal);
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable t) {
            throw new BadArgumentException(where + ": the Level Zero loader failed: " + t);
        }
    }

    private static int memoryOrdinals(Loaded lib, long device) throws Throwable {
        MethodHandle get = lib.handle("zeDeviceGetMemoryProperties", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        try (Arena a = Arena.ofConfined()) {
            MemorySegment count = a.allocate(ValueLayout.JAVA_INT);
            int err = (int) get.invokeExact(device, count, MemorySegment.NULL);
            return err == RESULT_SUCCESS ? count.get(ValueLayout.JAVA_INT, 0) : 0;
        }
    }

    /**
     * A context handle is a pointer into the loader's objects; one that points at nothing would
     * crash the JVM inside {@code zeContextGetStatus}, so it must first lie in readable mapped
     * memory. A pointer to readable memory that is not a context is the loader's to judge: the
     * real loader, like C, cannot tell it from a context.
     */
    private static void checkContext(Loaded lib, long context, String where) throws Throwable {
        if (!ProcMaps.of(context).map(ProcMaps.Mapping::readable).orElse(false)) {
            throw new BadArgumentException(where + ": ZE context 0x" + Long.toHexString(context) + " is not a Level Zero "
                    + "context of this process (no readable memory is mapped there); pass 0 to let pgas4j create one");
        }
        MethodHandle status = lib.handle("zeContextGetStatus", FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG));
        int err = (int) status.invokeExact(context);
        if (err != RESULT_SUCCESS) {
            throw new BadArgumentException(where + ": ZE context 0x" + Long.toHexString(context) + " is not usable: "
                    + "zeContextGetStatus returned " + resultName(err));
        }
    }
}
