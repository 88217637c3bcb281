package org.pgas4j.conformance;

import static org.pgas4j.conformance.Check.equal;
import static org.pgas4j.conformance.Check.fails;
import static org.pgas4j.conformance.Check.mentions;
import static org.pgas4j.conformance.Check.that;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.pgas4j.AccelerationHint;
import org.pgas4j.BadArgumentException;
import org.pgas4j.Client;
import org.pgas4j.DeviceBuffer;
import org.pgas4j.Endpoint;
import org.pgas4j.EndpointCapability;
import org.pgas4j.KindRules;
import org.pgas4j.MemoryKind;
import org.pgas4j.MemoryKindClass;
import org.pgas4j.MemoryKindSpec;
import org.pgas4j.Segment;
import org.pgas4j.Team;

/**
 * Memory kinds as a program meets them, apart from the RMA matrix: creation and destruction from
 * class-specific specs, the classes this host lacks, rule queries, the restrictions checked at
 * segment creation, device segments off the primordial endpoint, what a device segment refuses,
 * FILE segments over the client's own mapping, durability, and atomics on kinds that have them and
 * on kinds that do not.
 */
final class KindScenarios {
    private static final EnumSet<EndpointCapability> RMA_AM = EnumSet.of(EndpointCapability.RMA, EndpointCapability.AM);

    private KindScenarios() {
    }

    static Map<String, Scenario> all() {
        Map<String, Scenario> s = new LinkedHashMap<>();
        s.put("create_everyClass_hipAndZeNotSupportedOnThisHost_badDevice", KindScenarios::creation);
        s.put("rules_perClass", KindScenarios::rules);
        s.put("destroy_refusedWhileSegmentsOrBuffersLive_hostNeverDestroyed", KindScenarios::destroy);
        s.put("deviceSegment_notOnPrimordialEndpoint_notHostAddressable_copyFunctionsChecked", KindScenarios::device);
        s.put("clientDeviceSegment_addressAndLengthRulesChecked_bufferFreeRefusedWhileUsed", KindScenarios::clientDevice);
        s.put("fileSegment_clientMapping_mustBeSharedWritableMappingOfTheKindsFile", KindScenarios::clientFile);
        s.put("fileSegment_modes_createOpen_flushDurable_flushOnHostRefused", KindScenarios::fileModes);
        s.put("atomics_onDeviceSimByOwner_exactUnderContention", KindScenarios::deviceAtomics);
        return s;
    }

    private static void creation(Client c) {
        MemoryKind sim = c.createMemoryKind(new MemoryKindSpec.DeviceSim(0));
        equal(MemoryKindClass.DEVICE_SIM.ordinal(), sim.kindClass().ordinal(), () -> "class of a DeviceSim kind");
        that(sim.isDevice() && sim.spec().isPresent() && sim.id() > 0, () -> "DeviceSim kind: " + sim);
        that(MemoryKind.HOST.spec().isEmpty() && MemoryKind.HOST.id() == 0, () -> "HOST has no spec and id 0");
        if (MemoryKindClass.HIP.unavailableReason().isPresent()) { // no HIP device here: refused with the reason
            mentions(fails(BadArgumentException.class, () -> c.createMemoryKind(new MemoryKindSpec.Hip(0)))
                    .getMessage(), "HIP kinds cannot be created on this host", MemoryKindClass.HIP.unavailableReason()
                    .orElseThrow());
        }
        if (MemoryKindClass.ZE.unavailableReason().isPresent()) {
            mentions(fails(BadArgumentException.class, () -> c.createMemoryKind(new MemoryKindSpec.Ze(0, 0, 0)))
                    .getMessage(), "ZE kinds cannot be created on this host", MemoryKindClass.ZE.unavailableReason()
                    .orElseThrow());
        }
        mentions(fails(BadArgumentException.class, () -> c.createMemoryKind(new MemoryKindSpec.DeviceSim(99)))
                .getMessage(), "simulated device 99 does not exist", "pgas4j.devsim.devices");
        fails(BadArgumentException.class, () -> c.createMemoryKind(null));
        fails(BadArgumentException.class, () -> new MemoryKindSpec.File(null, MemoryKindSpec.FileMode.OPEN));
        that(c.visibleDevices(MemoryKindClass.DEVICE_SIM).contains(0), () -> "device 0 is visible by default");
        sim.destroy();
        that(sim.isDestroyed(), () -> "destroyed");
        fails(BadArgumentException.class, () -> c.createSegment(sim, 4096));
    }

    private static void rules(Client c) throws Exception {
        KindRules host = MemoryKind.HOST.rules();
        that(host.directLoadStore() && host.atomics() && !host.persistent(), () -> "HOST rules " + host);
        MemoryKind sim = c.createMemoryKind(new MemoryKindSpec.DeviceSim(0));
        KindRules d = sim.rules();
        that(!d.directLoadStore() && d.rma() && d.atomics() && d.addressAlignment() == 256 && !d.persistent(),
                () -> "DEVICE_SIM rules " + d);
        Path dir = Files.createTempDirectory("pgas4j-rules");
        MemoryKind file = c.createMemoryKind(new MemoryKindSpec.File(dir.resolve("f"), MemoryKindSpec.FileMode.CREATE));
        KindRules f = file.rules();
        that(f.persistent() && f.directLoadStore() && f.atomics() && f.sameHostMappable(), () -> "FILE rules " + f);
        file.destroy();
        sim.destroy();
        Files.delete(dir);
    }

    private static void destroy(Client c) {
        mentions(fails(BadArgumentException.class, MemoryKind.HOST::destroy).getMessage(), "HOST");
        MemoryKind sim = c.createMemoryKind(new MemoryKindSpec.DeviceSim(1));
        Segment s = c.createSegment(sim, 1000);
        mentions(fails(BadArgumentException.class, sim::destroy).getMessage(), "1 live segment");
        s.destroy();
        DeviceBuffer b = sim.allocate(512);
        mentions(fails(BadArgumentException.class, sim::destroy).getMessage(), "1 device buffer");
        b.free();
        fails(IllegalStateException.class, b::free);
        sim.destroy();
        fails(BadArgumentException.class, sim::destroy);
    }

    private static void device(Client c) {
        MemoryKind sim = c.createMemoryKind(new MemoryKindSpec.DeviceSim(0));
        Segment s = c.createSegment(sim, 4096);
        mentions(fails(BadArgumentException.class, () -> c.primordialEndpoint().bindSegment(s)).getMessage(),
                "primordial endpoint");
        mentions(fails(BadArgumentException.class, s::memory).getMessage(), "not host-addressable");
        that(s.deviceAddress() % 256 == 0 && s.deviceAddress() != 0, () -> "device address " + s.deviceAddress());
        MemorySegment host = Arena.ofAuto().allocate(64);
        host.set(ValueLayout.JAVA_LONG, 0, 0x1234_5678_9abcL);
        s.copyFrom(4088, host, 0, 8);
        MemorySegment back = Arena.ofAuto().allocate(8);
        s.copyTo(4088, back, 0, 8);
        equal(0x1234_5678_9abcL, back.get(ValueLayout.JAVA_LONG, 0), () -> "copy through the kind");
        mentions(fails(BadArgumentException.class, () -> s.copyFrom(4090, host, 0, 8)).getMessage(), "[0, 4096)");
        mentions(fails(BadArgumentException.class, () -> s.copyTo(0, back, 4, 8)).getMessage(), "host range");
        fails(BadArgumentException.class, () -> s.flush(0, 8));
        fails(BadArgumentException.class, () -> c.createSegment(sim, host)); // a device kind takes addresses
        fails(BadArgumentException.class, () -> c.createSegment(sim, 0));
        s.destroy();
        sim.destroy();
    }

    private static void clientDevice(Client c) {
        MemoryKind sim = c.createMemoryKind(new MemoryKindSpec.DeviceSim(0));
        DeviceBuffer b = sim.allocate(8192);
        mentions(fails(BadArgumentException.class, () -> c.createSegment(sim, b.address() + 8, 4096)).getMessage(),
                "multiple of 256");
        mentions(fails(BadArgumentException.class, () -> c.createSegment(sim, b.address() + 4096, 8192)).getMessage(),
                "not inside one live allocation");
        fails(BadArgumentException.class, () -> c.createSegment(sim, 0x1000, 256));
        fails(BadArgumentException.class, () -> c.createSegment(sim, b.address(), 0));
        Segment s = c.createSegment(sim, b.address() + 256, 4096);
        that(s.isClientAllocated() && s.deviceAddress() == b.address() + 256, () -> "client device segment " + s);
        MemorySegment host = Arena.ofAuto().allocate(16);
        host.set(ValueLayout.JAVA_INT, 0, 77);
        b.copyFrom(256, host, 0, 4);
        MemorySegment back = Arena.ofAuto().allocate(16);
        s.copyTo(0, back, 0, 4);
        equal(77, back.get(ValueLayout.JAVA_INT, 0), () -> "the segment views the buffer");
        mentions(fails(BadArgumentException.class, b::free).getMessage(), "live segment");
        fails(BadArgumentException.class, () -> b.copyFrom(8190, host, 0, 4));
        s.destroy();
        b.free();
        sim.destroy();
    }

    private static void clientFile(Client c) throws Exception {
        Path dir = Files.createTempDirectory("pgas4j-clientfile");
        Path path = dir.resolve("mine.dat");
        Path other = dir.resolve("other.dat");
        MemoryKind file = c.createMemoryKind(new MemoryKindSpec.File(path, MemoryKindSpec.FileMode.OPEN));
        try (Arena arena = Arena.ofShared();
             FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
                     StandardOpenOption.WRITE);
             FileChannel och = FileChannel.open(other, StandardOpenOption.CREATE, StandardOpenOption.READ,
                     StandardOpenOption.WRITE)) {
            MemorySegment shared = ch.map(FileChannel.MapMode.READ_WRITE, 0, 8192, arena);
            MemorySegment priv = ch.map(FileChannel.MapMode.PRIVATE, 0, 8192, arena);
            MemorySegment wrong = och.map(FileChannel.MapMode.READ_WRITE, 0, 8192, arena);
            mentions(fails(BadArgumentException.class, () -> c.createSegment(file, priv)).getMessage(), "private");
            mentions(fails(BadArgumentException.class, () -> c.createSegment(file, wrong)).getMessage(),
                    "not a mapping of");
            fails(BadArgumentException.class, () -> c.createSegment(file, Arena.ofAuto().allocate(64)));
            fails(BadArgumentException.class, () -> c.createSegment(file, 1L, 64L)); // FILE takes a mapping
            Segment s = c.createSegment(file, shared.asSlice(4096, 4096));
            that(s.isClientAllocated() && s.size() == 4096, () -> "client FILE segment " + s);
            Endpoint ep = c.createEndpoint(RMA_AM, EnumSet.noneOf(AccelerationHint.class));
            ep.bindSegment(s);
            c.world().publishBoundSegments(ep);
            Team pair = c.pair(c.primordialEndpoint(), ep.index());
            int right = (c.jobRank() + 1) % c.jobSize();
            c.rma().putLong(pair, right, 8, 4242L + c.jobRank());
            c.atomics().fetchAddLong(pair, right, 16, 1);
            c.world().barrier();
            int left = (c.jobRank() + c.jobSize() - 1) % c.jobSize();
            equal(4242L + left, shared.get(ValueLayout.JAVA_LONG, 4096 + 8), () -> "a peer's put reached my mapping");
            equal(1, shared.get(ValueLayout.JAVA_LONG, 4096 + 16), () -> "a peer's fetch-add reached my mapping");
            s.flush(0, 4096);
            c.world().barrier();
            s.destroy();
        }
        file.destroy();
        Files.delete(path);
        Files.delete(other);
        Files.delete(dir);
    }

    private static void fileModes(Client c) throws Exception {
        Path dir = Files.createTempDirectory("pgas4j-filemodes");
        Path path = dir.resolve("data");
        MemoryKind open = c.createMemoryKind(new MemoryKindSpec.File(path, MemoryKindSpec.FileMode.OPEN));
        mentions(fails(BadArgumentException.class, () -> c.createSegment(open, 4096)).getMessage(), "does not exist");
        MemoryKind create = c.createMemoryKind(new MemoryKindSpec.File(path, MemoryKindSpec.FileMode.CREATE));
        Segment s = c.createSegment(create, 5000);
        s.memory().set(ValueLayout.JAVA_INT, 4996, 0x5eed);
        s.flush(4990, 10);
        mentions(fails(BadArgumentException.class, () -> s.flush(4999, 2)).getMessage(), "[0, 5000)");
        mentions(fails(BadArgumentException.class, () -> c.createSegment(create, 4096)).getMessage(), "exists");
        s.destroy();
        equal(5000, Files.size(path), () -> "file length");
        mentions(fails(BadArgumentException.class, () -> c.createSegment(open, 8192)).getMessage(), "5000 bytes");
        Segment again = c.createSegment(open, 5000);
        equal(0x5eed, again.memory().get(ValueLayout.JAVA_INT, 4996), () -> "the data survived in the file");
        again.destroy();
        MemoryKind either = c.createMemoryKind(new MemoryKindSpec.File(path, MemoryKindSpec.FileMode.CREATE_OR_OPEN));
        Segment longer = c.createSegment(either, 9000);
        equal(0x5eed, longer.memory().get(ValueLayout.JAVA_INT, 4996), () -> "CREATE_OR_OPEN keeps the data");
        equal(0, longer.memory().get(ValueLayout.JAVA_INT, 8000), () -> "and extends with zeroes");
        longer.destroy();
        mentions(fails(BadArgumentException.class, () -> c.primordialEndpoint().boundSegment().orElseThrow().flush(0, 8)).getMessage(),
                "not persistent");
        open.destroy();
        create.destroy();
        either.destroy();
        Files.delete(path);
        Files.delete(dir);
    }

    private static void deviceAtomics(Client c) {
        MemoryKind sim = c.createMemoryKind(new MemoryKindSpec.DeviceSim(0));
        Segment s = c.createSegment(sim, 4096);
        Endpoint ep = c.createEndpoint(RMA_AM, EnumSet.noneOf(AccelerationHint.class));
        ep.bindSegment(s);
        c.world().publishBoundSegments(ep);
        Team pair = c.pair(c.primordialEndpoint(), ep.index());
        int iterations = 200;
        for (int i = 0; i < iterations; i++) {
            c.atomics().fetchAddLong(pair, 0, 64, 1);
            c.atomics().addInt(pair, c.jobSize() - 1, 128, 2);
        }
        c.world().barrier();
        long total = c.atomics().getLong(pair, 0, 64);
        equal((long) iterations * c.jobSize(), total, () -> "fetch-adds on rank 0's DEVICE_SIM segment");
        equal(2L * iterations * c.jobSize(), c.atomics().getInt(pair, c.jobSize() - 1, 128),
                () -> "adds on the last rank's DEVICE_SIM segment");
        mentions(fails(BadArgumentException.class, () -> c.atomics().fetchAddLong(pair, 0, 2045, 1)).getMessage(),
                "align");
        c.world().barrier();
        s.destroy();
        sim.destroy();
        c.world().barrier();
    }
}
