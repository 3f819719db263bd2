package dev.docsassistant.integrations;

import dev.docsassistant.integrations.spi.IntegrationPlugin;
import dev.docsassistant.integrations.spi.SpiVersion;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * Builds plugin jars at test time as a platform team's build would: sources compiled against the SPI
 * (and whatever else the plugin bundles), packed with a service file and the SPI version in the manifest.
 */
final class PluginJars {
    static final Path SOURCES = Path.of("src/test/plugin-src");

    private final Path sources;
    private final List<Path> classPath = new ArrayList<>(List.of(location(IntegrationPlugin.class)));
    private String spiVersion = SpiVersion.current().toString();

    private PluginJars(Path sources) {
        this.sources = sources;
    }

    /** A jar from the sources under {@code src/test/plugin-src}. */
    static Path build(Path jar, String... pluginClasses) {
        return from(SOURCES).jar(jar, pluginClasses);
    }

    static PluginJars from(Path sources) {
        return new PluginJars(sources);
    }

    /** Compiles against these jars or folders too (what the plugin bundles, or reaches for). */
    PluginJars compiledWith(Path... entries) {
        classPath.addAll(List.of(entries));
        return this;
    }

    /** The SPI version the manifest declares; null leaves it out. */
    PluginJars declaring(String version) {
        this.spiVersion = version;
        return this;
    }

    /** Compiles the sources and packs them into {@code jar}, registering the plugin classes in its service file. */
    Path jar(Path jar, String... pluginClasses) {
        try {
            Path classes = Files.createTempDirectory("plugin-classes-");
            List<String> args = new ArrayList<>(List.of("--release", "21", "-d", classes.toString(),
                    "-classpath", String.join(File.pathSeparator, classPath.stream().map(Path::toString).toList())));
            try (Stream<Path> files = Files.walk(sources)) {
                files.filter(f -> f.toString().endsWith(".java")).forEach(f -> args.add(f.toString()));
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream errors = new ByteArrayOutputStream();
            if (javac.run(null, OutputStream.nullOutputStream(), errors, args.toArray(String[]::new)) != 0) {
                throw new IllegalStateException("plugin sources do not compile:\n" + errors);
            }
            Manifest manifest = new Manifest();
            manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
            if (spiVersion != null) {
                manifest.getMainAttributes().put(new Attributes.Name(SpiVersion.MANIFEST_ATTRIBUTE), spiVersion);
            }
            Files.createDirectories(jar.getParent());
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
                add(out, classes, classes);
                out.putNextEntry(new JarEntry("META-INF/services/" + IntegrationPlugin.class.getName()));
                out.write((String.join("\n", pluginClasses) + "\n").getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void add(JarOutputStream out, Path dir, Path root) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".java")).sorted().toList()) {
                out.putNextEntry(new JarEntry(root.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
    }

    /** The jar or classes folder a class was loaded from. */
    static Path location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
