package dev.docsassistant.integrations;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * The class loader of one plugin (a jar, or a folder of jars): it sees the JDK (its parent is the
 * platform class loader), the plugin's own jars, and of the server only the SPI package, which it
 * takes from the server so that plugin and server share one {@code IntegrationPlugin}. Jackson, Helidon,
 * Lucene and the server's own classes stay invisible: a plugin can bundle any version of a library,
 * and a server upgrade cannot break it.
 */
final class PluginClassLoader extends URLClassLoader {
    static final String SPI_PACKAGE = "dev.docsassistant.integrations.spi.";

    static {
        registerAsParallelCapable();
    }

    private final ClassLoader spi;

    PluginClassLoader(String name, URL[] jars, ClassLoader spi) {
        super(name, jars, ClassLoader.getPlatformClassLoader());
        this.spi = spi;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith(SPI_PACKAGE)) {
            return spi.loadClass(name);
        }
        return super.loadClass(name, resolve);
    }
}
