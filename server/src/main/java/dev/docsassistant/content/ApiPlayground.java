package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.apiref.ServerBase;
import dev.docsassistant.apiref.ServerUrls;
import io.swagger.v3.oas.models.OpenAPI;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How a site's API playground sends requests (docs.json {@code api.playground}) and where to: the
 * servers of its API descriptions. The playground proxy calls only URLs under {@link #servers()};
 * with {@code proxy: false} the browser calls them itself, and the pages' Content-Security-Policy
 * allows exactly {@link #directSources()}.
 *
 * @param display     {@code interactive} (default), {@code simple}, {@code none} or {@code auth}
 * @param proxy       whether requests go through the server's playground proxy (default true)
 * @param credentials whether direct requests carry the browser's credentials ({@code proxy: false} only)
 * @param servers     the servers of every OpenAPI description the site's pages show, {@code api.mdx.server}
 *                    and the full URLs of {@code api:} pages, variables filled in; relative servers left out
 */
public record ApiPlayground(String display, boolean proxy, boolean credentials, List<ServerBase> servers) {
    /** Where the proxy takes requests, below the site's base ({@code ""} on its own host, else {@code /sites/{domain}}). */
    public static final String PROXY_PATH = "/_playground/request";

    public ApiPlayground {
        servers = List.copyOf(servers);
    }

    /** Reads the site's settings and collects its servers. */
    public static ApiPlayground of(SiteContent content) {
        JsonNode playground = content.docsJson().path("api").path("playground");
        String display = playground.path("display").asText("interactive").strip().toLowerCase(Locale.ROOT);
        boolean proxy = !playground.path("proxy").isBoolean() || playground.path("proxy").asBoolean();
        boolean credentials = playground.path("credentials").asBoolean(false);
        return new ApiPlayground(display, proxy, credentials, servers(content));
    }

    /** Whether the site shows a playground that sends requests at all. */
    public boolean sends() {
        return !display.equals("none") && !display.equals("simple");
    }

    /** Whether the server's proxy takes this site's requests. */
    public boolean proxied() {
        return sends() && proxy;
    }

    /** The {@code connect-src} sources the pages need for requests sent from the browser: the servers without the proxy, else none. */
    public List<String> directSources() {
        return sends() && !proxy ? servers.stream().map(ServerBase::cspSource).distinct().toList() : List.of();
    }

    private static List<ServerBase> servers(SiteContent content) {
        Set<String> urls = new LinkedHashSet<>();
        JsonNode mdxServer = content.docsJson().path("api").path("mdx").path("server");
        if (mdxServer.isTextual()) {
            urls.add(mdxServer.asText());
        }
        mdxServer.forEach(s -> urls.add(s.asText("")));
        Set<OpenAPI> models = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Page page : content.pages()) {
            switch (page.api()) {
                case PageApi.Operation op when !op.endpoint().webhook() && models.add(op.endpoint().model()) ->
                        urls.addAll(ServerUrls.of(op.endpoint().model()));
                case PageApi.Manual manual -> urls.add(manualBase(manual.url()));
                case null, default -> {
                }
            }
        }
        return urls.stream().map(ServerBase::parse).flatMap(java.util.Optional::stream).distinct().toList();
    }

    /** The part of an {@code api:} page's URL before its first path parameter: {@code https://x/v1/users/{id}} → {@code https://x/v1/users}. */
    private static String manualBase(String url) {
        int brace = url.indexOf('{');
        if (brace < 0) {
            return url;
        }
        int slash = url.lastIndexOf('/', brace);
        return slash < 0 ? url : url.substring(0, slash);
    }
}
