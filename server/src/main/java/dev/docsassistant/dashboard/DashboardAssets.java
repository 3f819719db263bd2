package dev.docsassistant.dashboard;

import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * The dashboard's stylesheet and its one small script (the copy button), served from the server's
 * own classpath under a content hash, so nothing comes from a CDN and they can be cached for good.
 */
final class DashboardAssets {
    private static final Asset STYLE = load("dashboard.css", "text/css; charset=utf-8");
    private static final Asset SCRIPT = load("dashboard.js", "text/javascript; charset=utf-8");
    static final String CSS = "/dashboard/_assets/" + STYLE.name();
    static final String JS = "/dashboard/_assets/" + SCRIPT.name();
    private static final Map<String, Asset> BY_NAME = Map.of(STYLE.name(), STYLE, SCRIPT.name(), SCRIPT);

    private record Asset(String name, String type, byte[] bytes) {
    }

    private DashboardAssets() {
    }

    static void serve(ServerRequest req, ServerResponse res) {
        Asset asset = BY_NAME.get(req.path().pathParameters().get("file"));
        if (asset == null) {
            res.status(404).send();
            return;
        }
        res.header(HeaderNames.CONTENT_TYPE, asset.type());
        res.header(HeaderNames.CACHE_CONTROL, "public, max-age=31536000, immutable");
        res.header(HeaderNames.create("X-Content-Type-Options"), "nosniff");
        res.send(asset.bytes());
    }

    private static Asset load(String file, String type) {
        try (InputStream in = DashboardAssets.class.getResourceAsStream("/dashboard/" + file)) {
            if (in == null) {
                throw new IllegalStateException("missing resource /dashboard/" + file);
            }
            byte[] bytes = in.readAllBytes();
            String hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)).substring(0, 12);
            int dot = file.lastIndexOf('.');
            return new Asset(file.substring(0, dot) + "." + hash + file.substring(dot), type, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
