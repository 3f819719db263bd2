package dev.docsassistant.integrations;

import dev.docsassistant.integrations.spi.IntegrationPlugin;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * The integration plugins by key: those on the class path (the built-in ones) plus those in the jars
 * of a plugins directory, each jar in its own class loader. Two plugins with one key stop start-up
 * with an error naming both jars.
 */
public final class PluginRegistry {
    private final Map<String, IntegrationPlugin> byKey;
    private final Map<String, String> sources;

    private PluginRegistry(Map<String, IntegrationPlugin> byKey, Map<String, String> sources) {
        this.byKey = Collections.unmodifiableMap(byKey);
        this.sources = Collections.unmodifiableMap(sources);
    }

    /** The plugins on the class path. */
    public static PluginRegistry classPath() {
        return load(null);
    }

    /** The plugins on the class path plus those in every {@code *.jar} of {@code pluginsDir} (may be null). */
    public static PluginRegistry load(Path pluginsDir) {
        Map<String, IntegrationPlugin> byKey = new LinkedHashMap<>();
        Map<String, String> sources = new LinkedHashMap<>();
        ClassLoader parent = PluginRegistry.class.getClassLoader();
        for (IntegrationPlugin plugin : loadAll(ServiceLoader.load(IntegrationPlugin.class, parent), "class path")) {
            add(plugin, source(plugin), byKey, sources);
        }
        for (Path jar : jars(pluginsDir)) {
            URLClassLoader loader;
            try {
                loader = new URLClassLoader(new URL[]{jar.toUri().toURL()}, parent);
            } catch (MalformedURLException e) {
                throw new PluginException("plugin jar " + jar + ": " + e.getMessage(), e);
            }
            // The jar's own providers only: the parent's (built-in) ones are listed above already.
            List<IntegrationPlugin> found = loadAll(ServiceLoader.load(IntegrationPlugin.class, loader), jar.toString())
                    .stream().filter(p -> p.getClass().getClassLoader() == loader).toList();
            if (found.isEmpty()) {
                throw new PluginException("plugin jar " + jar + " declares no " + IntegrationPlugin.class.getName()
                        + " in META-INF/services");
            }
            found.forEach(p -> add(p, jar.getFileName().toString(), byKey, sources));
        }
        return new PluginRegistry(byKey, sources);
    }

    public Optional<IntegrationPlugin> get(String key) {
        return Optional.ofNullable(byKey.get(key));
    }

    public Collection<IntegrationPlugin> all() {
        return byKey.values();
    }

    public Collection<String> keys() {
        return byKey.keySet();
    }

    /** Where a plugin came from: its jar's file name, or the class path folder. */
    public String source(String key) {
        return sources.get(key);
    }

    private static void add(IntegrationPlugin plugin, String source, Map<String, IntegrationPlugin> byKey,
                            Map<String, String> sources) {
        String key = plugin.key();
        if (key == null || !key.matches("[a-z][a-z0-9]*")) {
            throw new PluginException("integration plugin " + plugin.getClass().getName() + " in " + source
                    + " has an invalid key '" + key + "' (lower-case letters and digits)");
        }
        if (byKey.containsKey(key)) {
            throw new PluginException("integration key '" + key + "' is provided twice: by "
                    + byKey.get(key).getClass().getName() + " in " + sources.get(key) + " and by "
                    + plugin.getClass().getName() + " in " + source);
        }
        byKey.put(key, plugin);
        sources.put(key, source);
    }

    private static List<IntegrationPlugin> loadAll(ServiceLoader<IntegrationPlugin> loader, String where) {
        List<IntegrationPlugin> plugins = new ArrayList<>();
        try {
            loader.forEach(plugins::add);
        } catch (ServiceConfigurationError e) {
            throw new PluginException("cannot load integration plugins from " + where + ": " + e.getMessage(), e);
        }
        return plugins;
    }

    private static List<Path> jars(Path dir) {
        if (dir == null) {
            return List.of();
        }
        if (!Files.isDirectory(dir)) {
            throw new PluginException("plugins directory not found: " + dir);
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new PluginException("cannot list plugins directory " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String source(IntegrationPlugin plugin) {
        var codeSource = plugin.getClass().getProtectionDomain().getCodeSource();
        if (codeSource == null || codeSource.getLocation() == null) {
            return "class path";
        }
        String path = codeSource.getLocation().getPath();
        if (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
