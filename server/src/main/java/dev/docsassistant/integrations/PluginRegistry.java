package dev.docsassistant.integrations;

import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.SpiVersion;

import java.io.IOException;
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
 * The integration plugins by key: those on the class path (the built-in ones) plus those of a plugins
 * directory, each jar or folder in its own isolated class loader and checked before it runs (see
 * {@link PluginBundle}). Two plugins with one key stop start-up with an error naming both.
 */
public final class PluginRegistry {
    private final Map<String, IntegrationPlugin> byKey;
    private final Map<String, Origin> origins;

    /**
     * Where a plugin came from.
     *
     * @param source     its jar's or folder's file name, or the class path folder
     * @param spiVersion the SPI version it declares (built-in plugins: the server's)
     */
    public record Origin(String source, String spiVersion) {
    }

    private PluginRegistry(Map<String, IntegrationPlugin> byKey, Map<String, Origin> origins) {
        this.byKey = Collections.unmodifiableMap(byKey);
        this.origins = Collections.unmodifiableMap(origins);
    }

    /** The plugins on the class path. */
    public static PluginRegistry classPath() {
        return load(null);
    }

    /**
     * The plugins on the class path plus those of every entry of {@code pluginsDir} (may be null): each
     * {@code *.jar}, and each folder (a plugin jar with the libraries it bundles), in its own
     * {@linkplain PluginClassLoader isolated class loader}.
     */
    public static PluginRegistry load(Path pluginsDir) {
        Map<String, IntegrationPlugin> byKey = new LinkedHashMap<>();
        Map<String, Origin> origins = new LinkedHashMap<>();
        SpiVersion spi = SpiVersion.current();
        ClassLoader parent = PluginRegistry.class.getClassLoader();
        for (IntegrationPlugin plugin : loadAll(ServiceLoader.load(IntegrationPlugin.class, parent), "class path")) {
            add(plugin, new Origin(source(plugin), spi.toString()), byKey, origins);
        }
        for (Path entry : entries(pluginsDir)) {
            PluginBundle bundle = PluginBundle.open(entry, spi);
            // The bundle's own providers only (its loader cannot see the built-in ones anyway).
            List<IntegrationPlugin> found = loadAll(ServiceLoader.load(IntegrationPlugin.class, bundle.loader()), entry.toString())
                    .stream().filter(p -> p.getClass().getClassLoader() == bundle.loader()).toList();
            if (found.isEmpty()) {
                throw new PluginException("plugin " + entry + " declares no " + IntegrationPlugin.class.getName()
                        + " in META-INF/services");
            }
            found.forEach(p -> add(p, new Origin(entry.getFileName().toString(), bundle.spiVersion().toString()), byKey, origins));
        }
        return new PluginRegistry(byKey, origins);
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

    /** Where a plugin came from: its jar's or folder's file name, or the class path folder. */
    public String source(String key) {
        return origins.get(key).source();
    }

    public Origin origin(String key) {
        return origins.get(key);
    }

    private static void add(IntegrationPlugin plugin, Origin origin, Map<String, IntegrationPlugin> byKey,
                            Map<String, Origin> origins) {
        String source = origin.source();
        String key = plugin.key();
        if (key == null || !key.matches("[a-z][a-z0-9]*")) {
            throw new PluginException("integration plugin " + plugin.getClass().getName() + " in " + source
                    + " has an invalid key '" + key + "' (lower-case letters and digits)");
        }
        if (byKey.containsKey(key)) {
            throw new PluginException("integration key '" + key + "' is provided twice: by "
                    + byKey.get(key).getClass().getName() + " in " + origins.get(key).source() + " and by "
                    + plugin.getClass().getName() + " in " + source);
        }
        byKey.put(key, plugin);
        origins.put(key, origin);
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

    /** The plugins directory's jars, and its folders holding jars; hidden entries are left out. */
    private static List<Path> entries(Path dir) {
        if (dir == null) {
            return List.of();
        }
        if (!Files.isDirectory(dir)) {
            throw new PluginException("plugins directory not found: " + dir);
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> !f.getFileName().toString().startsWith("."))
                    .filter(f -> Files.isDirectory(f) ? holdsJars(f) : f.getFileName().toString().endsWith(".jar"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new PluginException("cannot list plugins directory " + dir + ": " + e.getMessage(), e);
        }
    }

    private static boolean holdsJars(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".jar"));
        } catch (IOException e) {
            throw new PluginException("cannot list plugin folder " + folder + ": " + e.getMessage(), e);
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
