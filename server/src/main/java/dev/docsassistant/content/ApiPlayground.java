package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.apiref.PlaygroundForm;
import dev.docsassistant.apiref.ServerBase;
import dev.docsassistant.apiref.ServerUrls;

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
 * @param display     the site's {@code interactive} (default), {@code simple}, {@code none} or {@code auth};
 *                    a page's front matter {@code playground} (or its operation's {@code x-mint.metadata.playground})
 *                    overrides it for that page ({@link #displayOf})
 * @param proxy       whether requests go through the server's playground proxy (default true)
 * @param credentials whether direct requests carry the browser's credentials ({@code proxy: false} only)
 * @param pagesSend   whether any page's own display sends requests
 * @param servers     the servers of the pages whose own display sends requests: their operations' servers,
 *                    {@code api.mdx.server} and the full URLs of {@code api:} pages, variables filled in;
 *                    relative servers left out. A page that shows no playground opens no server.
 */
public record ApiPlayground(String display, boolean proxy, boolean credentials, boolean pagesSend, List<ServerBase> servers) {
    /** Where the proxy takes requests, below the site's base ({@code ""} on its own host, else {@code /sites/{domain}}). */
    public static final String PROXY_PATH = "/_playground/request";

    public ApiPlayground {
        servers = List.copyOf(servers);
    }

    /** Reads the site's settings and collects the servers of its pages that send requests. */
    public static ApiPlayground of(SiteContent content) {
        JsonNode playground = content.docsJson().path("api").path("playground");
        String display = playground.path("display").asText("interactive").strip().toLowerCase(Locale.ROOT);
        boolean proxy = !playground.path("proxy").isBoolean() || playground.path("proxy").asBoolean();
        boolean credentials = playground.path("credentials").asBoolean(false);
        Set<String> urls = new LinkedHashSet<>();
        boolean pagesSend = false;
        boolean manualSends = false;
        for (Page page : content.pages()) {
            PageApi api = page.api();
            if (!sends(displayOf(display, api))) {
                continue;
            }
            pagesSend = true;
            if (api instanceof PageApi.Operation op) {
                op.endpoint().servers().stream().filter(s -> s != null && s.getUrl() != null)
                        .forEach(s -> urls.addAll(ServerUrls.expand(s)));
            } else if (api instanceof PageApi.Manual manual) {
                manualSends = true;
                urls.add(manualBase(manual.url()));
            }
        }
        // api.mdx.server is the base of the api: pages' relative addresses: open only when one of them sends.
        JsonNode mdxServer = content.docsJson().path("api").path("mdx").path("server");
        if (manualSends) {
            if (mdxServer.isTextual()) {
                urls.add(mdxServer.asText());
            }
            mdxServer.forEach(s -> urls.add(s.asText("")));
        }
        List<ServerBase> servers = urls.stream().map(ServerBase::parse).flatMap(java.util.Optional::stream).distinct().toList();
        return new ApiPlayground(display, proxy, credentials, pagesSend, servers);
    }

    /**
     * The display of a page showing {@code api}: its front matter's, else its operation's
     * {@code x-mint.metadata.playground}, else the site's ({@code interactive} when the site names none
     * the platform knows). A page that shows no endpoint a reader can call (none, a webhook, a schema, a
     * channel) is {@code none}.
     */
    public String displayOf(PageApi api) {
        return displayOf(display, api);
    }

    private static String displayOf(String site, PageApi api) {
        String own;
        switch (api) {
            case PageApi.Operation op when !op.endpoint().webhook() -> own = op.playground() != null ? op.playground()
                    : op.endpoint().metadata().get("playground") instanceof String s ? s : null;
            case PageApi.Manual manual -> own = manual.playground();
            case null, default -> {
                return "none";
            }
        }
        String display = own == null ? null : own.strip().toLowerCase(Locale.ROOT);
        if (display != null && PlaygroundForm.DISPLAYS.contains(display)) {
            return display;
        }
        return PlaygroundForm.DISPLAYS.contains(site) ? site : "interactive";
    }

    private static boolean sends(String display) {
        return !display.equals("none") && !display.equals("simple");
    }

    /** Whether any page shows a playground that sends requests. */
    public boolean sends() {
        return pagesSend;
    }

    /** Whether the site's own display (docs.json {@code api.playground.display}) sends requests. */
    public boolean siteSends() {
        return sends(PlaygroundForm.DISPLAYS.contains(display) ? display : "interactive");
    }

    /** Whether the server's proxy takes this site's requests. */
    public boolean proxied() {
        return sends() && proxy;
    }

    /** The {@code connect-src} sources the pages need for requests sent from the browser: the servers without the proxy, else none. */
    public List<String> directSources() {
        return sends() && !proxy ? servers.stream().map(ServerBase::cspSource).distinct().toList() : List.of();
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
