package dev.docsassistant.render;

import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.FormatStyle;
import java.util.Locale;
import java.util.Optional;

/**
 * The date of a page's "Last modified on …" line: its {@code lastUpdatedDate} (a date or an ISO 8601
 * time), else the modification time of its file (a Git checkout sets it when it writes the file).
 */
final class LastModified {
    private LastModified() {
    }

    /** The date as {@code yyyy-mm-dd}, or empty when there is none to tell. */
    static Optional<String> of(SiteContent site, Page page) {
        String given = page.meta().lastUpdated();
        if (given != null) {
            try {
                return Optional.of(LocalDate.parse(given.length() > 10 && given.charAt(10) == 'T'
                        ? OffsetDateTime.parse(given).toLocalDate().toString() : given).toString());
            } catch (DateTimeParseException e) {
                // Reported nowhere else: a date we cannot read falls back to the file's own.
            }
        }
        Path file = site.dir().resolve(page.file()).normalize();
        if (page.api() != null && page.api().generated() || !SiteFiles.regularFileInside(site.dir(), file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.getLastModifiedTime(file).toInstant().atOffset(ZoneOffset.UTC).toLocalDate().toString());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The date as the page's language writes it ("March 4, 2026", "4 mars 2026"). */
    static String display(String isoDate, Locale locale) {
        return LocalDate.parse(isoDate).format(DateTimeFormatter.ofLocalizedDate(FormatStyle.LONG).withLocale(locale));
    }
}
