package dev.docsassistant.egress;

import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the egress policy allows beyond public addresses ({@code docs-assistant.egress}).
 *
 * @param allow      {@code host:port} pairs that may be reached although they resolve to an internal
 *                   address (a Git server on the private network), lower case, IPv6 in brackets
 * @param gitFolders folders whose repositories Git sources may read through {@code file://} or a path
 */
public record EgressSettings(Set<String> allow, List<Path> gitFolders) {
    public static final EgressSettings NONE = new EgressSettings(Set.of(), List.of());

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Outbound connections", "EgressSettings", List.of(
            new SettingDoc("docs-assistant.egress.allow", "list of host:port", "none",
                    "hosts the server may reach on behalf of configuration or content (Git sources, spec URLs, webhooks,"
                            + " readers' sign-in providers) although they resolve to a loopback, private, link-local, unspecified"
                            + " or multicast address; the Git URLs of sites in this file are allowed without being listed (the API"
                            + " playground has api-playground.internal-hosts)"),
            new SettingDoc("docs-assistant.egress.git-folders", "list of paths", "none",
                    "folders (relative to the config file) whose repositories a Git source may read through file:// or an"
                            + " absolute path; any other local path is refused (the folders of Git sites in this file are allowed without"
                            + " being listed)")));

    public EgressSettings {
        allow = Set.copyOf(allow);
        gitFolders = List.copyOf(gitFolders);
    }

    /** @param node the {@code docs-assistant.egress} node; relative folders are resolved against {@code baseDir} */
    public static EgressSettings from(Config node, Path baseDir) {
        Set<String> allow = new TreeSet<>();
        for (String entry : node.get("allow").asList(String.class).orElse(List.of())) {
            allow.add(hostPort(entry).orElseThrow(() -> new ConfigException(node.key() + ".allow: '" + entry
                    + "' must be host:port (an IPv6 address in brackets: [fd00::1]:443)")));
        }
        List<Path> folders = new ArrayList<>();
        for (String folder : node.get("git-folders").asList(String.class).orElse(List.of())) {
            if (folder.isBlank()) {
                throw new ConfigException(node.key() + ".git-folders: an entry is empty");
            }
            folders.add(baseDir.resolve(folder.strip()).toAbsolutePath().normalize());
        }
        return new EgressSettings(allow, folders);
    }

    /** These settings with more {@code host:port} pairs and folders allowed. */
    public EgressSettings with(Set<String> moreAllowed, List<Path> moreFolders) {
        Set<String> a = new TreeSet<>(allow);
        a.addAll(moreAllowed);
        List<Path> f = new ArrayList<>(gitFolders);
        moreFolders.forEach(p -> f.add(p.toAbsolutePath().normalize()));
        return new EgressSettings(a, f);
    }

    /**
     * These settings with the Git URLs of the configuration file's sites allowed: the operator named them
     * (their {@code host:port}, or their folder for a local repository).
     */
    public EgressSettings withNamed(Iterable<String> urls) {
        Set<String> hosts = new TreeSet<>();
        List<Path> folders = new ArrayList<>();
        for (String url : urls) {
            if (url.startsWith("/")) {
                folders.add(Path.of(url));
                continue;
            }
            try {
                java.net.URI uri = new java.net.URI(url);
                if ("file".equalsIgnoreCase(uri.getScheme())) {
                    folders.add(Path.of(uri));
                } else if (uri.getHost() != null && uri.getScheme() != null) {
                    hostPort(uri.getHost() + ":" + Egress.port(uri)).ifPresent(hosts::add);
                }
            } catch (java.net.URISyntaxException | IllegalArgumentException e) {
                // not a URL the Git settings accept; they report it
            }
        }
        return with(hosts, folders);
    }

    /** {@code host:port} as compared with a URL's: lower case, IPv6 in brackets; empty when it is not one. */
    public static Optional<String> hostPort(String entry) {
        String e = entry.strip().toLowerCase(Locale.ROOT);
        int colon = e.lastIndexOf(':');
        if (colon <= 0 || colon == e.length() - 1) {
            return Optional.empty();
        }
        String host = e.substring(0, colon);
        String port = e.substring(colon + 1);
        if (!port.matches("[0-9]{1,5}") || Integer.parseInt(port) > 65535 || Integer.parseInt(port) == 0) {
            return Optional.empty();
        }
        boolean v6 = host.startsWith("[") && host.endsWith("]") && host.length() > 2;
        if (!v6 && !host.matches("[a-z0-9._-]+")) {
            return Optional.empty();
        }
        return Optional.of(host + ":" + Integer.parseInt(port));
    }
}
