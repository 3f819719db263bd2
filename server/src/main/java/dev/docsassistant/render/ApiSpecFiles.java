package dev.docsassistant.render;

import dev.docsassistant.content.ContextualOptions;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.PageApi;
import dev.docsassistant.content.SiteContent;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The API description files a site lets readers download: only when docs.json {@code contextual}
 * offers {@code download-spec}, and only the files its readable pages show (the whole file, as
 * Mintlify serves it: operations marked {@code x-hidden} or {@code x-excluded} are in it too).
 */
final class ApiSpecFiles {
    private static final Map<String, String> TYPES = Map.of(
            "json", "application/json", "yaml", "application/yaml; charset=utf-8", "yml", "application/yaml; charset=utf-8");

    private final Set<String> files;

    ApiSpecFiles(SiteContent content, ContextualOptions options) {
        boolean asked = options.options().contains(new ContextualOptions.BuiltIn("download-spec"));
        this.files = !asked ? Set.of() : content.pages().stream().filter(Page::isPublic).map(p -> fileOf(p.api()))
                .filter(f -> f != null).collect(Collectors.toUnmodifiableSet());
    }

    /** The description file a page shows, relative to the site folder; null for other pages and hand-written ones. */
    static String fileOf(PageApi api) {
        String file = switch (api) {
            case PageApi.Operation op -> op.endpoint().file();
            case PageApi.Schema s -> s.spec().file();
            case PageApi.Channel c -> c.spec().file();
            case PageApi.Manual m -> null;
            case null -> null;
        };
        return file == null ? null : file.startsWith("/") ? file.substring(1) : file;
    }

    /** The content type of {@code relative} when it is a description readers may download, else empty. */
    Optional<String> type(String relative) {
        if (!files.contains(relative)) {
            return Optional.empty();
        }
        return Optional.ofNullable(TYPES.get(relative.substring(relative.lastIndexOf('.') + 1).toLowerCase(java.util.Locale.ROOT)));
    }
}
