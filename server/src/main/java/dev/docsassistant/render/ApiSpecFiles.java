package dev.docsassistant.render;

import dev.docsassistant.content.PageApi;

/**
 * The API description file a page shows, for docs.json {@code contextual}'s {@code download-spec}: the
 * file of the site folder, served as the site's other files are (whole, as Mintlify serves it:
 * operations marked {@code x-hidden} or {@code x-excluded} are in it too).
 */
final class ApiSpecFiles {
    private ApiSpecFiles() {
    }

    /** The description file a page shows, relative to the site folder; null for other pages, hand-written ones and URLs. */
    static String fileOf(PageApi api) {
        String file = switch (api) {
            case PageApi.Operation op -> op.endpoint().file();
            case PageApi.Schema s -> s.spec().file();
            case PageApi.Channel c -> c.spec().file();
            case PageApi.Manual m -> null;
            case null -> null;
        };
        // A description fetched by URL is no file of the site: nothing to download here.
        return file == null || file.contains("://") ? null : file.startsWith("/") ? file.substring(1) : file;
    }
}
