package dev.docsassistant.git;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Polling for Git hosts without webhooks ({@code sites[].git.poll}): one scheduler thread for all
 * sites wakes every {@value #TICK_SECONDS} s and polls, one after another, each site whose interval has
 * passed since its last poll. Nothing grows with the number of sites but a map of due times.
 */
public final class GitPoller implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(GitPoller.class.getName());
    static final int TICK_SECONDS = 5;

    private final GitSource source;
    private final Clock clock;
    private final Map<String, Instant> due = new ConcurrentHashMap<>();
    /** The last failure logged per site, so an unreachable host is one warning, not one per poll. */
    private final Map<String, String> lastProblem = new ConcurrentHashMap<>();
    private ScheduledExecutorService scheduler;

    public GitPoller(GitSource source, Clock clock) {
        this.source = source;
        this.clock = clock;
    }

    /** Starts the scheduler thread (a daemon, named {@code git-poll}), until {@link #close}. */
    public synchronized void start() {
        if (scheduler == null) {
            scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "git-poll");
                t.setDaemon(true);
                return t;
            });
            scheduler.scheduleWithFixedDelay(this::tickQuietly, TICK_SECONDS, TICK_SECONDS, TimeUnit.SECONDS);
        }
    }

    /**
     * Polls every site that is due at the clock's time: a site never polled is due at once, then every
     * {@code git.poll}. The scheduler calls this; tests call it with their own clock.
     *
     * @return what the polls that found a moved head did
     */
    public List<GitSource.Outcome> tick() {
        Instant now = clock.instant();
        Map<String, GitSettings> sites = source.sites();
        due.keySet().retainAll(sites.keySet());
        List<GitSource.Outcome> outcomes = new ArrayList<>();
        for (Map.Entry<String, GitSettings> site : sites.entrySet()) {
            if (site.getValue().poll().isEmpty()) {
                continue;
            }
            Instant next = due.get(site.getKey());
            if (next != null && now.isBefore(next)) {
                continue;
            }
            Duration every = site.getValue().poll().get();
            due.put(site.getKey(), now.plus(every));
            try {
                source.poll(site.getKey(), site.getValue()).ifPresent(outcomes::add);
                lastProblem.remove(site.getKey());
            } catch (RuntimeException e) {
                String problem = String.valueOf(e.getMessage());
                if (!problem.equals(lastProblem.put(site.getKey(), problem))) {
                    LOG.log(Level.WARNING, "git poll of site " + site.getKey() + ": " + problem);
                }
            }
        }
        return outcomes;
    }

    private void tickQuietly() {
        try {
            tick();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "git poll failed", e); // the next tick tries again
        }
    }

    @Override
    public synchronized void close() {
        if (scheduler != null) {
            scheduler.shutdownNow();
            scheduler = null;
        }
    }
}
