package dev.docsassistant.search;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The process's one worker that embeds the sections of served indexes missing from the embedding
 * cache ({@link LiveSiteIndex}): a daemon thread at the lowest priority, so questions, page renders
 * and builds come first. Each task is one batch of one site; sites filling at once take turns by
 * batch, and a site served before its vectors exist ranks the sections still without one by BM25.
 */
public final class BackgroundEmbedding {
    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon()
            .priority(Thread.MIN_PRIORITY).name("embed-background").factory());

    private BackgroundEmbedding() {
    }

    /** The shared worker. */
    public static Executor worker() {
        return WORKER;
    }
}
