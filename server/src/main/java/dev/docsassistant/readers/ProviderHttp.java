package dev.docsassistant.readers;

import com.nimbusds.jose.util.Resource;
import com.nimbusds.jose.util.ResourceRetriever;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import dev.docsassistant.egress.EgressHttp;
import dev.docsassistant.egress.EgressRefused;
import dev.docsassistant.egress.Use;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every call to a sign-in provider (discovery, token, keys, Info API) goes through the egress policy:
 * Nimbus builds and parses the messages, {@link EgressHttp} carries them to the checked address with
 * its timeouts. No call follows a redirect: the token request carries the client secret and the Info
 * API call the reader's access token, which no other address may receive.
 */
final class ProviderHttp implements ResourceRetriever {
    private final EgressHttp http;

    ProviderHttp(EgressHttp http) {
        this.http = http;
    }

    /** Sends a Nimbus request; a refusal by the policy or a failed connection is a 502 for the reader. */
    HTTPResponse send(HTTPRequest request, String what) {
        Map<String, String> headers = new LinkedHashMap<>();
        request.getHeaderMap().forEach((name, values) -> headers.put(name, String.join(", ", values)));
        byte[] body = request.getBody() == null ? null : request.getBody().getBytes(StandardCharsets.UTF_8);
        EgressHttp.Response answer;
        try {
            answer = http.sendOnce(Use.SIGN_IN, request.getMethod().name(), request.getURI(), headers, body);
        } catch (EgressRefused e) {
            throw unreachable("the sign-in provider's " + what + " is not reachable: " + e.getMessage());
        } catch (IOException e) {
            throw unreachable("the sign-in provider's " + what + " did not answer: " + e.getMessage());
        }
        HTTPResponse response = new HTTPResponse(answer.status());
        answer.headers().forEach((name, values) -> response.setHeader(name, values.toArray(String[]::new)));
        String type = answer.header("content-type");
        if (type != null) {
            try {
                response.setContentType(type);
            } catch (com.nimbusds.oauth2.sdk.ParseException e) {
                // an unreadable content type: the parsers below refuse the body
            }
        }
        response.setBody(new String(answer.body(), StandardCharsets.UTF_8));
        return response;
    }

    /** The provider's keys (JWKS), for Nimbus' key source. */
    @Override
    public Resource retrieveResource(URL url) throws IOException {
        URI uri;
        try {
            uri = url.toURI();
        } catch (URISyntaxException e) {
            throw new IOException("not a URL: " + url);
        }
        EgressHttp.Response answer;
        try {
            answer = http.sendOnce(Use.SIGN_IN, "GET", uri, Map.of("Accept", "application/json"), null);
        } catch (EgressRefused e) {
            throw new IOException("the sign-in provider's keys are not reachable: " + e.getMessage(), e);
        }
        if (answer.status() != 200) {
            throw new IOException("the sign-in provider's keys answered " + answer.status());
        }
        return new Resource(new String(answer.body(), StandardCharsets.UTF_8), answer.header("content-type"));
    }

    /** The provider failed, not the reader: 502, as a proxy says of its upstream. */
    static ReaderAuthException unreachable(String message) {
        return new ReaderAuthException(502, message);
    }
}
