package dev.docsassistant.apiref;

import io.swagger.v3.oas.models.security.OAuthFlow;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** How an endpoint authenticates, in words, from its security requirements and the document's schemes. */
public final class Security {
    private Security() {
    }

    /** One line per alternative requirement ({@code Bearer token in the Authorization header}); empty when none. */
    public static List<String> describe(Endpoint e) {
        List<String> out = new ArrayList<>();
        Map<String, SecurityScheme> schemes = e.model().getComponents() == null ? null : e.model().getComponents().getSecuritySchemes();
        for (SecurityRequirement requirement : e.security()) {
            List<String> parts = new ArrayList<>();
            requirement.forEach((name, scopes) -> {
                SecurityScheme scheme = schemes == null ? null : e.refs().securityScheme(schemes.get(name));
                parts.add(scheme == null ? "`" + name + "` (not defined in the document)" : describe(name, scheme, scopes));
            });
            if (!parts.isEmpty()) {
                out.add(String.join(" and ", parts));
            }
        }
        return out;
    }

    static String describe(String name, SecurityScheme s, List<String> scopes) {
        String what = switch (s.getType() == null ? SecurityScheme.Type.HTTP : s.getType()) {
            case HTTP -> "basic".equalsIgnoreCase(s.getScheme()) ? "Basic authentication (`Authorization: Basic …`)"
                    : "Bearer token" + (s.getBearerFormat() != null ? " (" + s.getBearerFormat() + ")" : "")
                    + " in the `Authorization` header";
            case APIKEY -> "API key in the " + (s.getIn() == null ? "header" : s.getIn().toString()) + " `" + s.getName() + "`";
            case OAUTH2 -> "OAuth 2" + flows(s);
            case OPENIDCONNECT -> "OpenID Connect (" + s.getOpenIdConnectUrl() + ")";
            case MUTUALTLS -> "Mutual TLS";
        };
        String scopeText = scopes == null || scopes.isEmpty() ? "" : ", scopes: " + String.join(", ", scopes.stream().map(x -> "`" + x + "`").toList());
        return "**" + name + "**: " + what + scopeText + (s.getDescription() != null ? ". " + s.getDescription().strip() : "");
    }

    private static String flows(SecurityScheme s) {
        if (s.getFlows() == null) {
            return "";
        }
        List<String> flows = new ArrayList<>();
        OAuthFlow code = s.getFlows().getAuthorizationCode();
        if (code != null) {
            flows.add("authorization code (" + code.getAuthorizationUrl() + ", token " + code.getTokenUrl() + ")");
        }
        if (s.getFlows().getClientCredentials() != null) {
            flows.add("client credentials (token " + s.getFlows().getClientCredentials().getTokenUrl() + ")");
        }
        if (s.getFlows().getImplicit() != null) {
            flows.add("implicit (" + s.getFlows().getImplicit().getAuthorizationUrl() + ")");
        }
        if (s.getFlows().getPassword() != null) {
            flows.add("password (token " + s.getFlows().getPassword().getTokenUrl() + ")");
        }
        return flows.isEmpty() ? "" : ": " + String.join("; ", flows);
    }
}
