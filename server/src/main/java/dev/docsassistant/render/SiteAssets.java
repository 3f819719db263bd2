package dev.docsassistant.render;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The site's own stylesheet and script, bundled into the server at build time (from
 * {@code src/main/site-ui}). Their URLs carry a content hash, so browsers may keep them for a year.
 */
public final class SiteAssets {
    private static final Logger LOG = Logger.getLogger(SiteAssets.class.getName());
    public static final String PREFIX = "/_assets/";
    private static final Map<String, String> TYPES = Map.of(
            "css", "text/css; charset=utf-8", "js", "text/javascript; charset=utf-8", "map", "application/json");

    /** One asset: its bytes (also gzipped once, as most browsers take it), content type and content hash. */
    public record Asset(byte[] bytes, byte[] gzipped, String contentType, String hash) {
    }

    private final Map<String, Asset> byName = new LinkedHashMap<>();

    private SiteAssets() {
    }

    public static SiteAssets fromClassPath() {
        SiteAssets assets = new SiteAssets();
        for (String name : manifest()) {
            try (InputStream in = SiteAssets.class.getResourceAsStream("/site-ui/" + name)) {
                if (in == null) {
                    LOG.warning("site asset missing from the build: " + name + " (pages render without it)");
                    continue;
                }
                byte[] bytes = in.readAllBytes();
                String ext = name.substring(name.lastIndexOf('.') + 1);
                assets.byName.put(name, new Asset(bytes, gzip(bytes), TYPES.get(ext), hash(bytes)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return assets;
    }

    /** The files the build wrote (the script's chunks included), else the two entry points. */
    private static List<String> manifest() {
        try (InputStream in = SiteAssets.class.getResourceAsStream("/site-ui/manifest.txt")) {
            if (in == null) {
                return List.of("site.css", "site.js");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .map(String::strip).filter(n -> !n.isEmpty() && !n.contains("..")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The static imports at the head of an ES module as esbuild writes it ({@code import{a as b}from"./chunks/x.js";}),
     * not the dynamic {@code import("…")} calls that load a chunk when a page needs it.
     */
    private static final java.util.regex.Pattern STATIC_IMPORT =
            java.util.regex.Pattern.compile("\\G\\s*import\\s*(?:[^\"'();]*?from\\s*)?[\"']\\./([^\"']+)[\"'];?");

    /**
     * Bytes of the script the first page load runs: the entry point and the chunks it imports statically,
     * followed from import to import (the shared chunks of lazily loaded parts, such as diagrams, are not).
     */
    public long firstLoadScriptGzipped() {
        java.util.Set<String> loaded = new java.util.LinkedHashSet<>();
        java.util.ArrayDeque<String> next = new java.util.ArrayDeque<>(List.of("site.js"));
        while (!next.isEmpty()) {
            String name = next.pop();
            Asset asset = byName.get(name);
            if (asset == null || !loaded.add(name)) {
                continue;
            }
            String folder = name.contains("/") ? name.substring(0, name.lastIndexOf('/') + 1) : "";
            java.util.regex.Matcher m = STATIC_IMPORT.matcher(new String(asset.bytes(), StandardCharsets.UTF_8));
            while (m.find()) {
                next.push(folder + m.group(1));
            }
        }
        return loaded.stream().mapToLong(n -> byName.get(n).gzipped().length).sum();
    }

    /** Every asset's name ({@code site.js}, {@code chunks/assistant-….js}, …). */
    public java.util.Set<String> names() {
        return java.util.Collections.unmodifiableSet(byName.keySet());
    }

    public Optional<Asset> get(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public String cssUrl() {
        return cssUrl("");
    }

    public String jsUrl() {
        return jsUrl("");
    }

    /** @param root where the host's server routes are: "" or the site's path prefix */
    public String cssUrl(String root) {
        return root + url("site.css");
    }

    /** @param root where the host's server routes are: "" or the site's path prefix */
    public String jsUrl(String root) {
        return root + url("site.js");
    }

    private String url(String name) {
        Asset a = byName.get(name);
        return PREFIX + name + (a == null ? "" : "?v=" + a.hash());
    }

    private static byte[] gzip(byte[] bytes) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(bytes.length / 3);
        try (java.util.zip.GZIPOutputStream gz = new java.util.zip.GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }

    private static String hash(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes), 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
