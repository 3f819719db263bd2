package dev.docsassistant.insights;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.docsassistant.config.Mappers;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How a dataset is written: CSV (a header row; cells a spreadsheet would run as a formula are
 * prefixed with {@code '}; lists joined with spaces) or JSON Lines (one object per row, keys the column names).
 */
public enum ExportFormat {
    CSV("csv", "text/csv; charset=utf-8"), JSONL("jsonl", "application/x-ndjson; charset=utf-8");

    private final String extension;
    private final String contentType;

    ExportFormat(String extension, String contentType) {
        this.extension = extension;
        this.contentType = contentType;
    }

    public String extension() {
        return extension;
    }

    public String contentType() {
        return contentType;
    }

    /** The format of a query value; null or blank: CSV; anything else an {@link IllegalArgumentException} naming {@code format}. */
    public static ExportFormat of(String value) {
        if (value == null || value.isBlank()) {
            return CSV;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "csv" -> CSV;
            case "jsonl", "ndjson" -> JSONL;
            default -> throw new IllegalArgumentException("format must be csv or jsonl");
        };
    }

    /** What comes before the rows: the header row of a CSV, nothing for JSON Lines. */
    public String header(List<String> columns) {
        return this == CSV ? String.join(",", columns) + "\r\n" : "";
    }

    public String row(List<String> columns, List<Object> values) {
        if (this == CSV) {
            List<String> cells = new ArrayList<>(values.size());
            for (Object v : values) {
                cells.add(v instanceof Collection<?> list ? cell(list.stream().map(String::valueOf).collect(Collectors.joining(" ")))
                        : v == null ? "" : v instanceof String s ? cell(s) : v.toString());
            }
            return String.join(",", cells) + "\r\n";
        }
        Map<String, Object> line = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            line.put(columns.get(i), values.get(i));
        }
        try {
            return Mappers.JSON.writeValueAsString(line) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String cell(String value) {
        String v = !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
        return v.contains(",") || v.contains("\"") || v.contains("\n") || v.contains("\r") || !v.equals(value)
                ? "\"" + v.replace("\"", "\"\"") + "\"" : v;
    }
}
