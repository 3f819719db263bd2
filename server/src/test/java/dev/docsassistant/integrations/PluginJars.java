package dev.docsassistant.integrations;

import dev.docsassistant.testing.TempDirs;
import dev.docsassistant.integrations.spi.IntegrationPlugin;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/** Builds plugin jars at test time from {@code src/test/plugin-src}, compiled against the SPI alone. */
final class PluginJars {
    static final Path SOURCES = Path.of("src/test/plugin-src");

    private PluginJars() {
    }

    /**
     * Compiles the third-party plugin sources and packs them into {@code jar}, registering the given
     * plugin classes in its service file.
     */
    static Path build(Path jar, String... pluginClasses) {
        try {
            Path classes = TempDirs.create("plugin-classes-");
            List<String> args = new ArrayList<>(List.of("--release", "21", "-d", classes.toString(),
                    "-classpath", spiLocation().toString()));
            try (Stream<Path> files = Files.walk(SOURCES)) {
                files.filter(f -> f.toString().endsWith(".java")).forEach(f -> args.add(f.toString()));
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream errors = new ByteArrayOutputStream();
            if (javac.run(null, OutputStream.nullOutputStream(), errors, args.toArray(String[]::new)) != 0) {
                throw new IllegalStateException("plugin sources do not compile:\n" + errors);
            }
            Files.createDirectories(jar.getParent());
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
                add(out, classes, classes);
                out.putNextEntry(new JarEntry("META-INF/services/" + IntegrationPlugin.class.getName()));
                out.write((String.join("\n", pluginClasses) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
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

    private static Path spiLocation() {
        try {
            return Path.of(IntegrationPlugin.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
