package dev.docsassistant.apiref;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.servers.Server;
import io.swagger.v3.oas.models.servers.ServerVariable;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every URL a description's servers may stand for: the document's, each path's and each operation's,
 * each variable given every value of its {@code enum} (else its {@code default}), so a reader may pick
 * any server the page offers. A variable with neither leaves its server out.
 */
public final class ServerUrls {
    /** URLs one server may expand to; the rest are left out, so a spec cannot make the list unbounded. */
    static final int MAX_PER_SERVER = 64;

    private ServerUrls() {
    }

    /** The URLs of every server of the document, its paths and operations (webhooks are not called, so not theirs). */
    public static Set<String> of(OpenAPI model) {
        Set<String> out = new LinkedHashSet<>();
        add(model.getServers(), out);
        if (model.getPaths() != null) {
            for (PathItem item : model.getPaths().values()) {
                if (item == null) {
                    continue;
                }
                add(item.getServers(), out);
                for (Operation op : item.readOperations()) {
                    add(op.getServers(), out);
                }
            }
        }
        return out;
    }

    private static void add(List<Server> servers, Set<String> out) {
        if (servers != null) {
            servers.stream().filter(s -> s != null && s.getUrl() != null).forEach(s -> out.addAll(expand(s)));
        }
    }

    /** The URLs one server stands for, its variables filled in. */
    public static List<String> expand(Server server) {
        List<String> urls = new ArrayList<>(List.of(server.getUrl()));
        Map<String, ServerVariable> variables = server.getVariables() == null ? Map.of() : server.getVariables();
        for (Map.Entry<String, ServerVariable> v : variables.entrySet()) {
            String placeholder = "{" + v.getKey() + "}";
            if (urls.stream().noneMatch(u -> u.contains(placeholder))) {
                continue;
            }
            Set<String> values = new LinkedHashSet<>();
            if (v.getValue() != null && v.getValue().getEnum() != null) {
                v.getValue().getEnum().stream().filter(e -> e != null).forEach(values::add);
            }
            if (v.getValue() != null && v.getValue().getDefault() != null) {
                values.add(v.getValue().getDefault());
            }
            List<String> next = new ArrayList<>();
            for (String url : urls) {
                for (String value : values) {
                    if (next.size() < MAX_PER_SERVER) {
                        next.add(url.replace(placeholder, value));
                    }
                }
            }
            urls = next;
        }
        return urls.stream().filter(u -> !u.contains("{")).toList();
    }
}
