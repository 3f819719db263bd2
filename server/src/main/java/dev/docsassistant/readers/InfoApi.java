package dev.docsassistant.readers;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import com.nimbusds.oauth2.sdk.token.AccessToken;
import dev.docsassistant.config.Mappers;

import java.io.IOException;
import java.net.URI;

/**
 * The site owner's Info API: a {@code GET} with the reader's access token as a bearer token and no
 * parameters, answering the reader's user data ({@link UserData}).
 */
final class InfoApi {
    private InfoApi() {
    }

    static JsonNode read(ProviderHttp http, URI url, AccessToken token) {
        HTTPRequest request = new HTTPRequest(HTTPRequest.Method.GET, url);
        request.setAuthorization(token.toAuthorizationHeader());
        request.setAccept("application/json");
        HTTPResponse answer = http.send(request, "Info API");
        if (answer.getStatusCode() != 200) {
            throw ReaderAuthException.unauthorized("the Info API answered " + answer.getStatusCode() + " for this reader");
        }
        try {
            return Mappers.JSON.readTree(answer.getBody() == null ? "" : answer.getBody());
        } catch (IOException e) {
            throw ProviderHttp.unreachable("the Info API's answer is not JSON");
        }
    }
}
