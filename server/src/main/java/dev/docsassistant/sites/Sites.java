package dev.docsassistant.sites;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The served sites, by domain. {@code serve} opens its port before the sites are indexed, so a
 * configured site is either still being indexed (pending) or loaded; a deployment {@linkplain #replace
 * replaces} a loaded version in one step, and sites created at run time come and go. Closing releases
 * the loaded sites' search indexes (and those that finish loading afterwards).
 */
public final class Sites implements AutoCloseable {
    /** Every configured domain, in configuration order; the value is null while the site is pending. */
    private final Map<String, Site> byDomain = new LinkedHashMap<>();
    private final List<Consumer<Site>> listeners = new ArrayList<>();
    private final List<Consumer<Site>> servedListeners = new ArrayList<>();
    private final List<Consumer<String>> removedListeners = new ArrayList<>();
    /** Held by {@link #add} and the registrations, so a listener hears each site exactly once. */
    private final Object loading = new Object();
    private boolean closed;

    /** Sites loaded already. */
    public Sites(List<Site> sites) {
        sites.forEach(s -> byDomain.put(s.domain(), s));
    }

    /** The configured domains, none loaded yet: each one is {@linkplain #add added} when it is. */
    public static Sites pending(List<String> domains) {
        Sites sites = new Sites(List.of());
        domains.forEach(d -> sites.byDomain.put(d, null));
        return sites;
    }

    /**
     * A site finished loading: the {@linkplain #onLoaded edges set it up} (its pages, its MCP
     * server), then it is served and {@linkplain #onServed readiness hears of it}. In that order, a
     * request meanwhile is told "still being indexed", never "unknown site" or "MCP is turned off".
     */
    public void add(Site site) {
        replace(site).ifPresent(old -> old.search().close());
    }

    /**
     * Serves {@code site} in place of the version of its domain served so far, in one step (the
     * listeners prepare the new version first, as for {@link #add}); requests that looked the old
     * version up finish on it. The caller closes the returned old version once they are done.
     *
     * @return the version replaced, if one was served
     */
    public Optional<Site> replace(Site site) {
        synchronized (loading) {
            Site old;
            List<Consumer<Site>> prepare;
            synchronized (this) {
                if (closed) {
                    site.search().close();
                    return Optional.empty();
                }
                prepare = List.copyOf(listeners);
            }
            prepare.forEach(l -> l.accept(site));
            List<Consumer<Site>> served;
            synchronized (this) {
                if (closed) {
                    site.search().close();
                    return Optional.empty();
                }
                old = byDomain.put(site.domain(), site);
                served = List.copyOf(servedListeners);
            }
            served.forEach(l -> l.accept(site));
            return Optional.ofNullable(old);
        }
    }

    /** Marks a domain as being indexed (requests get 503) unless it is served already. */
    public synchronized void register(String domain) {
        byDomain.putIfAbsent(domain, null);
    }

    /**
     * Stops serving a domain (a site deleted at run time): the {@linkplain #onRemoved edges forget it}
     * and its requests get 404. The caller closes the returned version.
     */
    public Optional<Site> remove(String domain) {
        synchronized (loading) {
            Site old;
            List<Consumer<String>> removed;
            synchronized (this) {
                old = byDomain.remove(domain);
                removed = List.copyOf(removedListeners);
            }
            removed.forEach(l -> l.accept(domain));
            return Optional.ofNullable(old);
        }
    }

    /** The version of {@code domain} served now, if any (never throws for a pending one). */
    public synchronized Optional<Site> current(String domain) {
        return Optional.ofNullable(byDomain.get(domain));
    }

    /** Hears every domain {@linkplain #remove removed}, after it stopped being served. */
    public void onRemoved(Consumer<String> listener) {
        synchronized (loading) {
            synchronized (this) {
                removedListeners.add(listener);
            }
        }
    }

    /**
     * The loaded site of {@code domain}, or empty when no such site is configured.
     *
     * @throws SiteNotReadyException when the site is configured but still being indexed
     */
    public synchronized Optional<Site> get(String domain) {
        Site site = byDomain.get(domain);
        if (site == null && byDomain.containsKey(domain)) {
            throw new SiteNotReadyException(domain);
        }
        return Optional.ofNullable(site);
    }

    /** Whether {@code domain} is configured and still being indexed. */
    public synchronized boolean isPending(String domain) {
        return byDomain.containsKey(domain) && byDomain.get(domain) == null;
    }

    /** The domains still being indexed, in configuration order. */
    public synchronized List<String> pending() {
        return byDomain.entrySet().stream().filter(e -> e.getValue() == null).map(Map.Entry::getKey).toList();
    }

    /** The loaded sites, in configuration order. */
    public synchronized Collection<Site> all() {
        return byDomain.values().stream().filter(s -> s != null).toList();
    }

    /** Hears every loaded site, just before it is served: those loaded already at once, the others as they finish. */
    public void onLoaded(Consumer<Site> listener) {
        register(listeners, listener);
    }

    /** Hears every site once it is served: those served already at once, the others as they come. */
    public void onServed(Consumer<Site> listener) {
        register(servedListeners, listener);
    }

    private void register(List<Consumer<Site>> list, Consumer<Site> listener) {
        synchronized (loading) {
            Collection<Site> loaded;
            synchronized (this) {
                list.add(listener);
                loaded = all();
            }
            loaded.forEach(listener);
        }
    }

    @Override
    public void close() {
        List<Site> loaded;
        synchronized (this) {
            closed = true;
            loaded = List.copyOf(all());
        }
        loaded.forEach(site -> site.search().close());
    }
}
