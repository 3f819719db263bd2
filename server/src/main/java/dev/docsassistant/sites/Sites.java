package dev.docsassistant.sites;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The loaded sites, by domain; closing them releases their search indexes. */
public final class Sites implements AutoCloseable {
    private final Map<String, Site> byDomain = new LinkedHashMap<>();

    public Sites(List<Site> sites) {
        sites.forEach(s -> byDomain.put(s.domain(), s));
    }

    public Optional<Site> get(String domain) {
        return Optional.ofNullable(byDomain.get(domain));
    }

    public Collection<Site> all() {
        return byDomain.values();
    }

    @Override
    public void close() {
        byDomain.values().forEach(site -> site.search().close());
    }
}
