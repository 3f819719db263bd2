package dev.docsassistant.rest;

import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Fields;
import dev.docsassistant.web.Json;
import dev.docsassistant.web.JsonBody;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.insights.SearchLog;
import dev.docsassistant.metrics.AppMetrics;
import dev.docsassistant.request.SearchRules;
import dev.docsassistant.search.PageContent;
import dev.docsassistant.search.SearchFilter;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.sites.Site;
import dev.docsassistant.sites.Sites;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /v1/search/{domain}} and {@code POST /v1/page/{domain}}: Mintlify-compatible search
 * results (a bare JSON array) and whole pages as Markdown.
 */
public final class SearchRoutes implements HttpService {
    static final int MAX_BODY_BYTES = 64 * 1024;

    /** The response header naming the search (also each result's {@code searchId}), for reporting a click. */
    static final String SEARCH_ID_HEADER = "X-Search-Id";

    private final Sites sites;
    private final SearchLog searches;

    /** @param searches records every search (a search that found nothing is also a search miss) */
    public SearchRoutes(Sites sites, SearchLog searches) {
        this.sites = sites;
        this.searches = searches;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/search/{domain}", this::search)
                .post("/page/{domain}", this::page);
    }

    private void search(ServerRequest req, ServerResponse res) {
        Site site = site(req);
        JsonNode body = JsonBody.read(req, MAX_BODY_BYTES);
        // The request's groups are checked as sent, then narrowed to what the key allows.
        SearchFilter filter = SearchRules.filter(filter(Fields.optObject(body, "filter", "filter")));
        SearchRequest request = SearchRules.search(Fields.optString(body, "query", "query"),
                Fields.optNumeric(body, "pageSize"), Fields.optNumeric(body, "scoreThreshold"),
                filter.withGroups(ApiAccess.groupsFor(req, filter.groups())));
        long started = System.nanoTime();
        List<SearchHit> hits = site.search().search(request);
        AppMetrics.search("rest", System.nanoTime() - started);
        String searchId = searches.searched(site.config().domain(), Channel.REST_V1, siteBox(body), request.query(),
                hits.stream().map(SearchHit::path).toList());
        // Still the bare array of Mintlify's API: the id rides on each result and in a header (which an empty answer has too).
        res.header(SEARCH_ID_HEADER, searchId);
        Json.send(res, 200, hits.stream().map(hit -> {
            Map<String, Object> result = hit.asResult();
            result.put("searchId", searchId);
            return result;
        }).toList());
    }

    /** {@code "channel": "site"} marks a search typed in a rendered site's search box; the default is {@code api}. */
    private static boolean siteBox(JsonNode body) {
        String channel = Fields.optString(body, "channel", "channel");
        if (channel == null || channel.equals("api")) {
            return false;
        }
        if (channel.equals("site")) {
            return true;
        }
        throw ApiException.badRequest("channel must be api or site");
    }

    private void page(ServerRequest req, ServerResponse res) {
        Site site = site(req);
        JsonNode body = JsonBody.read(req, MAX_BODY_BYTES);
        String path = SearchRules.pagePath(Fields.optString(body, "path", "path"));
        List<String> groups = ApiAccess.groupsFor(req,
                SearchRules.groups(Fields.optStringList(body, "groups", "groups", Integer.MAX_VALUE)));
        PageContent page = site.search().page(path, groups)
                .orElseThrow(() -> ApiException.notFound("page not found: " + path));
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("path", page.path());
        reply.put("content", page.content());
        Json.send(res, 200, reply);
    }

    private Site site(ServerRequest req) {
        String domain = req.path().pathParameters().get("domain");
        return sites.get(domain).orElseThrow(() -> ApiException.notFound("unknown domain: " + domain));
    }

    /** The filter's JSON types; its rules are {@link SearchRules#filter}'s. */
    static SearchFilter filter(JsonNode filter) {
        if (filter == null) {
            return SearchFilter.NONE;
        }
        return new SearchFilter(
                Fields.optString(filter, "version", "filter.version"),
                Fields.optString(filter, "language", "filter.language"),
                Fields.optString(filter, "tag", "filter.tag"),
                Fields.optStringList(filter, "groups", "filter.groups", Integer.MAX_VALUE));
    }
}
