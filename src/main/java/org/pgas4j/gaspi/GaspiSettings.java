package org.pgas4j.gaspi;

import java.util.List;
import org.pgas4j.Setting;

/** The GASPI facade's settings, in the core's {@link Setting} form. */
public final class GaspiSettings {
    /** {@code gaspi_segment_max}: segments a rank may hold at once. */
    public static final Setting<Integer> SEGMENT_MAX = new Setting<>("pgas4j.gaspi.segments.max",
            "PGAS4J_GASPI_SEGMENTS_MAX", "32", "segments a GASPI rank may hold at once (gaspi_segment_max)",
            text -> range(text, 1, Gaspi.SEGMENT_ID_LIMIT));

    /** {@code gaspi_notification_num}: notification slots per segment. */
    public static final Setting<Integer> NOTIFICATIONS = new Setting<>("pgas4j.gaspi.notifications",
            "PGAS4J_GASPI_NOTIFICATIONS", "4096", "notification slots per GASPI segment (gaspi_notification_num)",
            text -> range(text, 1, 1 << 20));

    /** {@code gaspi_queue_max}: queues a rank may create, the default queue 0 included. */
    public static final Setting<Integer> QUEUE_MAX = new Setting<>("pgas4j.gaspi.queues.max",
            "PGAS4J_GASPI_QUEUES_MAX", "16", "GASPI queues a rank may hold (gaspi_queue_max)",
            text -> range(text, 1, 1024));

    /** {@code gaspi_queue_size_max}: requests a queue holds before it is full. */
    public static final Setting<Integer> QUEUE_SIZE_MAX = new Setting<>("pgas4j.gaspi.queue.size.max",
            "PGAS4J_GASPI_QUEUE_SIZE_MAX", "1024", "requests a GASPI queue holds until gaspi_wait (gaspi_queue_size_max)",
            text -> range(text, 1, 1 << 20));

    /** {@code gaspi_group_max}: groups a rank may create over its lifetime, GASPI_GROUP_ALL included. */
    public static final Setting<Integer> GROUP_MAX = new Setting<>("pgas4j.gaspi.groups.max",
            "PGAS4J_GASPI_GROUPS_MAX", "32", "GASPI groups a rank may create in its lifetime (gaspi_group_max)",
            text -> range(text, 1, 1024));

    private GaspiSettings() {
    }

    /** Every facade setting. */
    public static List<Setting<?>> all() {
        return List.of(SEGMENT_MAX, NOTIFICATIONS, QUEUE_MAX, QUEUE_SIZE_MAX, GROUP_MAX);
    }

    private static int range(String text, int min, int max) {
        int v = Integer.parseInt(text.trim());
        if (v < min || v > max) {
            throw new IllegalArgumentException(v + " is outside [" + min + ", " + max + "]");
        }
        return v;
    }
}
