package dev.docsassistant.rest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.insights.SearchLog;
import dev.docsassistant.request.SearchRules;
import dev.docsassistant.sites.Sites;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.web.Fields;
import dev.docsassistant.web.JsonBody;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.HttpService;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.regex.Pattern;

/**
 * {@code POST /v1/search/{domain}/click} {@code {"searchId", "path"}}: which result of a search was
 * opened. The rendered site's search box sends it as the reader follows a result (fetch with
 * {@code keepalive}, its page key, as its search); API clients send it with their key. 204 when
 * kept (opening one result twice counts once), 404 for a search the site does not have (unknown,
 * or deleted by retention), 422 for a path that was not among its results.
 */
final class SearchClickRoutes implements HttpService {
    private static final int MAX_BODY_BYTES = 4096;
    private static final Pattern SEARCH_ID = Pattern.compile("srch_[0-9a-f]{24}");

    private final Sites sites;
    private final SearchLog searches;

    SearchClickRoutes(Sites sites, SearchLog searches) {
        this.sites = sites;
        this.searches = searches;
    }

    @Override
    public void routing(HttpRules rules) {
        rules.post("/v1/search/{domain}/click", this::click);
    }

    private void click(ServerRequest req, ServerResponse res) {
        String domain = req.path().pathParameters().get("domain");
        sites.get(domain).orElseThrow(() -> ApiException.notFound("unknown domain: " + domain));
        JsonNode body = JsonBody.read(req, MAX_BODY_BYTES);
        String searchId = Fields.requiredString(body, "searchId", "searchId").strip();
        if (!SEARCH_ID.matcher(searchId).matches()) {
            throw ApiException.badRequest("searchId must be the searchId a search returned (srch_ and 24 hex digits)");
        }
        String path = Fields.requiredString(body, "path", "path").strip();
        if (!path.startsWith("/") || path.length() > SearchRules.MAX_PATH_CHARS) {
            throw ApiException.badRequest("path must be a result's path starting with '/' of at most "
                    + SearchRules.MAX_PATH_CHARS + " characters");
        }
        switch (searches.clicked(domain, searchId, path)) {
            case RECORDED -> res.status(204).send();
            case UNKNOWN_SEARCH -> throw ApiException.notFound("searchId " + searchId + " names no search of site " + domain);
            case NOT_IN_RESULTS -> throw new ApiException(422, "path " + path + " was not among the results of search " + searchId);
        }
    }
}
