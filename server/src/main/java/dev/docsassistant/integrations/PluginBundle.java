package dev.docsassistant.integrations;

import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.SpiVersion;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * One entry of the plugins directory: a jar, or a folder of jars (the plugin and the libraries it
 * bundles), in a class loader of its own. Before any plugin class runs, the bundle is checked: its
 * manifest names an SPI version this server takes, and every class the plugin's own jar refers to is
 * in the bundle, the JDK or the SPI, so a plugin that reaches for the server's classes fails at start-up
 * naming the jar and the class.
 */
final class PluginBundle {
    private static final String SERVICES = "META-INF/services/" + IntegrationPlugin.class.getName();

    private final Path path;
    private final List<Path> jars;
    private final List<Path> declaring;
    private final PluginClassLoader loader;
    private final SpiVersion spiVersion;

    private PluginBundle(Path path, List<Path> jars, List<Path> declaring, PluginClassLoader loader, SpiVersion spiVersion) {
        this.path = path;
        this.jars = jars;
        this.declaring = declaring;
        this.loader = loader;
        this.spiVersion = spiVersion;
    }

    /** Opens and checks the bundle at {@code path} (a {@code .jar} or a folder of them). */
    static PluginBundle open(Path path, SpiVersion server) {
        List<Path> jars = Files.isDirectory(path) ? jarsIn(path) : List.of(path);
        List<Path> declaring = jars.stream().filter(PluginBundle::declaresPlugins).toList();
        if (declaring.isEmpty()) {
            throw new PluginException("plugin " + path + " declares no " + IntegrationPlugin.class.getName()
                    + " (a " + SERVICES + " file in its jar)");
        }
        SpiVersion version = spiVersion(path, declaring, server);
        PluginClassLoader loader = new PluginClassLoader("plugin " + path.getFileName(), urls(jars),
                IntegrationPlugin.class.getClassLoader());
        PluginBundle bundle = new PluginBundle(path, jars, declaring, loader, version);
        bundle.checkReferences();
        return bundle;
    }

    ClassLoader loader() {
        return loader;
    }

    Path path() {
        return path;
    }

    /** The jars of the bundle, the plugin's own first. */
    List<Path> jars() {
        return jars;
    }

    SpiVersion spiVersion() {
        return spiVersion;
    }

    private static SpiVersion spiVersion(Path path, List<Path> declaring, SpiVersion server) {
        String declared = null;
        for (Path jar : declaring) {
            try (JarFile file = new JarFile(jar.toFile())) {
                var manifest = file.getManifest();
                String v = manifest == null ? null : manifest.getMainAttributes().getValue(new Attributes.Name(SpiVersion.MANIFEST_ATTRIBUTE));
                declared = v != null ? v : declared;
            } catch (IOException e) {
                throw new PluginException("plugin " + path + ": cannot read " + jar.getFileName() + ": " + e.getMessage(), e);
            }
        }
        if (declared == null) {
            throw new PluginException("plugin " + path + " declares no SPI version: add '" + SpiVersion.MANIFEST_ATTRIBUTE + ": "
                    + server + "' (the SPI version it is built against) to its jar manifest");
        }
        String text = declared;
        SpiVersion version = SpiVersion.parse(text).orElseThrow(() -> new PluginException("plugin " + path + ": "
                + SpiVersion.MANIFEST_ATTRIBUTE + " '" + text + "' is not a version (major.minor.patch)"));
        if (!server.accepts(version)) {
            throw new PluginException("plugin " + path + " is built for integrations SPI " + version
                    + ", which this server cannot run: it implements SPI " + server + " and takes plugins built for "
                    + server.major() + ".0 up to " + server.major() + "." + server.minor()
                    + "; rebuild the plugin against SPI " + server + " or upgrade the server");
        }
        return version;
    }

    private void checkReferences() {
        for (Path jar : declaring) {
            try (JarFile file = new JarFile(jar.toFile())) {
                Enumeration<JarEntry> entries = file.entries();
                while (entries.hasMoreElements()) {
                    JarEntry entry = entries.nextElement();
                    if (!entry.getName().endsWith(".class") || entry.getName().endsWith("module-info.class")) {
                        continue;
                    }
                    Set<String> refs;
                    try (InputStream in = file.getInputStream(entry)) {
                        refs = ClassReferences.of(in);
                    }
                    String owner = entry.getName().substring(0, entry.getName().length() - 6).replace('/', '.');
                    refs.forEach(ref -> checkVisible(jar, owner, ref));
                }
            } catch (IOException e) {
                throw new PluginException("plugin " + path + ": cannot read " + jar.getFileName() + ": " + e.getMessage(), e);
            }
        }
    }

    private void checkVisible(Path jar, String owner, String ref) {
        try {
            Class.forName(ref, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            String why = visibleToServer(ref)
                    ? "a class of the server, which plugins cannot see: a plugin sees only the JDK, "
                    + PluginClassLoader.SPI_PACKAGE + "* and its own jars (bundle the libraries it needs in a plugin folder)"
                    : "found neither in the plugin's jars nor in the JDK";
            throw new PluginException("plugin " + jar + ": class " + owner + " uses " + ref + ", " + why);
        }
    }

    private static boolean visibleToServer(String name) {
        try {
            Class.forName(name, false, PluginBundle.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static boolean declaresPlugins(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getEntry(SERVICES) != null;
        } catch (IOException e) {
            throw new PluginException("plugin jar " + jar + " cannot be read: " + e.getMessage(), e);
        }
    }

    private static List<Path> jarsIn(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
        } catch (IOException e) {
            throw new PluginException("cannot list plugin folder " + dir + ": " + e.getMessage(), e);
        }
    }

    private static URL[] urls(List<Path> jars) {
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars) {
            try {
                urls.add(jar.toUri().toURL());
            } catch (MalformedURLException e) {
                throw new PluginException("plugin jar " + jar + ": " + e.getMessage(), e);
            }
        }
        return urls.toArray(URL[]::new);
    }
}
