package dev.docsassistant.integrations.spi;

/** Content-Security-Policy directives an integration may need hosts added to. */
public enum CspDirective {
    SCRIPT_SRC("script-src"),
    CONNECT_SRC("connect-src"),
    IMG_SRC("img-src"),
    FRAME_SRC("frame-src"),
    STYLE_SRC("style-src"),
    FONT_SRC("font-src"),
    MEDIA_SRC("media-src");

    private final String header;

    CspDirective(String header) {
        this.header = header;
    }

    /** The directive's name in the header. */
    public String header() {
        return header;
    }
}
