package dev.docsassistant.assistant;

import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Duration;
import java.util.List;

/**
 * How answer streams are written ({@code docs-assistant.stream}), the same objects for both edges.
 *
 * @param finishThreadId whether the v2 {@code finish} event repeats the threadId beside its metadata (REST)
 * @param reasoning      whether a model's reasoning is relayed (v2 reasoning parts, gRPC {@code reasoning_delta} events)
 * @param keepAlive      how long a REST stream may stay silent (the model still thinking) before a keep-alive is written
 * @param maxOpen        how many answers may stream at once on this server; more are refused (503, gRPC UNAVAILABLE)
 */
public record StreamSettings(boolean finishThreadId, boolean reasoning, Duration keepAlive, int maxOpen) {
    /**
     * What an open answer may hold on the heap: 57–66 KB measured (bench/run IdleStreams) for one waiting
     * on a model (Helidon's buffers of the HTTP/2 stream or HTTP/1 connection, the virtual thread's stack,
     * the provider connection), and some room.
     */
    private static final long HEAP_PER_ANSWER = 80 * 1024;
    /** What the rest of the server keeps live (~70 MB with both shared corpora) plus room to collect. */
    private static final long HEAP_RESERVED = 96L * 1024 * 1024;

    public static final StreamSettings DEFAULTS = new StreamSettings(true, false, Duration.ofSeconds(15), heapBound());

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Answer streams", "StreamSettings", List.of(
            new SettingDoc("docs-assistant.stream.finish-thread-id", "true/false", String.valueOf(DEFAULTS.finishThreadId),
                    "the v2 finish event also carries threadId at its top level"),
            new SettingDoc("docs-assistant.stream.reasoning", "true/false", String.valueOf(DEFAULTS.reasoning),
                    "relay a reasoning model's reasoning (v2 reasoning parts, gRPC reasoning_delta); never part of the answer"),
            new SettingDoc("docs-assistant.stream.keep-alive", "duration", SettingDoc.duration(DEFAULTS.keepAlive),
                    "a silent stream gets a keep-alive this often (it also commits the response headers)"),
            new SettingDoc("docs-assistant.stream.max-open", "number",
                    "(old generation's max - 96 MiB) / 80 KiB, at least 16 (614 with the launcher's -Xmx192m, 11,264 with -Xmx1g)",
                    "answers streaming at once; more are refused with 503 (gRPC UNAVAILABLE) rather than running out of heap")));

    /** @param stream the {@code docs-assistant.stream} node */
    public static StreamSettings from(Config stream) {
        return new StreamSettings(
                AppConfig.flag(stream.get("finish-thread-id"), "docs-assistant.stream.finish-thread-id", DEFAULTS.finishThreadId),
                AppConfig.flag(stream.get("reasoning"), "docs-assistant.stream.reasoning", DEFAULTS.reasoning),
                Durations.read(stream.get("keep-alive"), DEFAULTS.keepAlive),
                maxOpen(stream.get("max-open").asInt().orElse(DEFAULTS.maxOpen)));
    }

    private static int maxOpen(int value) {
        if (value < 1) {
            throw new IllegalArgumentException("docs-assistant.stream.max-open must be 1 or more");
        }
        return value;
    }

    /** How many open answers the heap holds beside the rest of the server. */
    static int heapBound() {
        return (int) Math.max(16, (longLivedHeap() - HEAP_RESERVED) / HEAP_PER_ANSWER);
    }

    /**
     * The heap that objects living as long as an answer end up in: the old generation of a generational
     * collector (the serial collector's young generation is a quarter of the heap, at most 48 MB with
     * the launcher's flags), else the whole heap.
     */
    private static long longLivedHeap() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            long max = pool.getUsage() == null ? -1 : pool.getUsage().getMax();
            if (pool.getType() == MemoryType.HEAP && (pool.getName().contains("Old") || pool.getName().contains("Tenured")) && max > 0) {
                return max;
            }
        }
        return Runtime.getRuntime().maxMemory();
    }
}
