package dev.docsassistant.sites;

import dev.docsassistant.search.PageContent;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.search.SiteSearch;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A site's search that is never closed under a running call: each call holds a read lock, closing
 * takes the write lock, so it waits for the calls in flight and releases the index only then. A
 * version replaced by a deployment is closed this way after a grace period ({@link Sites#replace}),
 * so a request that looked its site up just before the switch still finishes on the version it started on.
 */
public final class GuardedSearch implements SiteSearch {
    private final SiteSearch delegate;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private boolean closed;

    public GuardedSearch(SiteSearch delegate) {
        this.delegate = delegate;
    }

    /** The search it guards. */
    public SiteSearch delegate() {
        return delegate;
    }

    @Override
    public List<SearchHit> search(SearchRequest request) {
        lock.readLock().lock();
        try {
            return delegate.search(request);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public Optional<PageContent> page(String path, List<String> groups) {
        lock.readLock().lock();
        try {
            return delegate.page(path, groups);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public boolean mentions(String word) {
        lock.readLock().lock();
        try {
            return delegate.mentions(word);
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public int sectionsWithoutVectors() {
        return delegate.sectionsWithoutVectors();
    }

    @Override
    public java.util.concurrent.CompletableFuture<Integer> vectorsFilled() {
        return delegate.vectorsFilled();
    }

    /** Waits for the calls in flight, then closes the index; idempotent. */
    @Override
    public void close() {
        lock.writeLock().lock();
        try {
            if (!closed) {
                closed = true;
                delegate.close();
            }
        } finally {
            lock.writeLock().unlock();
        }
    }
}
