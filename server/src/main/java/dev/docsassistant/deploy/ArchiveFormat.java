package dev.docsassistant.deploy;

import java.util.Locale;
import java.util.Optional;

/** The archive formats a deployment can be uploaded in, by media type. */
public enum ArchiveFormat {
    /** A gzip-compressed tar file: {@code application/gzip} (also {@code application/x-gzip}, {@code application/x-tar+gzip}). */
    TAR_GZ,
    /** A zip file: {@code application/zip} (also {@code application/x-zip-compressed}). */
    ZIP;

    /** The format a {@code Content-Type} names, if it names one of ours. */
    public static Optional<ArchiveFormat> ofContentType(String contentType) {
        String type = contentType == null ? "" : contentType.split(";")[0].strip().toLowerCase(Locale.ROOT);
        return switch (type) {
            case "application/gzip", "application/x-gzip", "application/x-tar+gzip", "application/tar+gzip" -> Optional.of(TAR_GZ);
            case "application/zip", "application/x-zip-compressed" -> Optional.of(ZIP);
            default -> Optional.empty();
        };
    }
}
