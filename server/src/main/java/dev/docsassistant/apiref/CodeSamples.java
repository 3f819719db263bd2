package dev.docsassistant.apiref;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.docsassistant.config.Mappers;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Request samples of an endpoint in the languages a site asks for ({@code api.examples.languages};
 * cURL, Python, JavaScript, Go and Java by default), all sending the same {@link SampleRequest}.
 * Written samples ({@code x-codeSamples}) replace them.
 */
public final class CodeSamples {
    /** The languages shown when docs.json names none. */
    public static final List<String> DEFAULT_LANGUAGES = List.of("curl", "python", "javascript", "go", "java");

    private CodeSamples() {
    }

    /** The generator key of a language name or alias, or null when no generator writes it. */
    public static String key(String language) {
        return switch (language.strip().toLowerCase(Locale.ROOT)) {
            case "bash", "curl", "sh", "shell" -> "curl";
            case "python", "py" -> "python";
            case "javascript", "js" -> "javascript";
            case "node", "nodejs", "node.js" -> "node";
            case "go", "golang" -> "go";
            case "java" -> "java";
            default -> null;
        };
    }

    /** A written sample's language as a code fence names it. */
    static String fenceLanguage(String lang) {
        String k = key(lang);
        if (k == null) {
            return lang.strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9+#-]", "");
        }
        return switch (k) {
            case "curl" -> "bash";
            case "node" -> "javascript";
            default -> k;
        };
    }

    static String displayName(String lang) {
        String k = key(lang);
        if (k == null) {
            return lang;
        }
        return switch (k) {
            case "curl" -> "cURL";
            case "python" -> "Python";
            case "javascript" -> "JavaScript";
            case "node" -> "Node.js";
            case "go" -> "Go";
            default -> "Java";
        };
    }

    /**
     * The endpoint's samples: its {@code x-codeSamples} when it has them, else one per language.
     *
     * @param languages generator keys or aliases; unknown ones are left out (docs.json's check reports them)
     * @param optional  whether optional parameters and fields appear
     */
    public static List<CodeSample> of(Endpoint e, List<String> languages, boolean optional) {
        List<CodeSample> written = e.writtenSamples();
        if (!written.isEmpty()) {
            return written;
        }
        SampleRequest r = SampleRequest.of(e, optional);
        List<CodeSample> out = new ArrayList<>();
        for (String language : languages) {
            String k = key(language);
            if (k == null || out.stream().anyMatch(s -> s.label().equals(displayName(k)))) {
                continue;
            }
            out.add(switch (k) {
                case "curl" -> new CodeSample("bash", "cURL", curl(r));
                case "python" -> new CodeSample("python", "Python", python(r));
                case "javascript", "node" -> new CodeSample("javascript", displayName(k), javascript(r));
                case "go" -> new CodeSample("go", "Go", go(r));
                default -> new CodeSample("java", "Java", java(r));
            });
        }
        return out;
    }

    static String curl(SampleRequest r) {
        StringBuilder s = new StringBuilder("curl --request ").append(r.method()).append(" \\\n  --url ").append(shell(r.url()));
        r.headers().forEach((k, v) -> {
            if (!(r.multipart() && k.equals("Content-Type"))) {
                s.append(" \\\n  --header ").append(shell(k + ": " + v));
            }
        });
        if (r.multipart()) {
            r.form().forEach((k, v) -> s.append(" \\\n  --form ").append(shell(k + "=" + (v.equals(SampleRequest.FILE) ? "@example-file" : v))));
        } else if (r.urlEncoded()) {
            r.form().forEach((k, v) -> s.append(" \\\n  --data-urlencode ").append(shell(k + "=" + v)));
        } else if (r.json() != null) {
            s.append(" \\\n  --data ").append(shell(pretty(r.json())));
        } else if (r.raw() != null) {
            s.append(" \\\n  --data ").append(shell(r.raw()));
        }
        return s.toString();
    }

    static String python(SampleRequest r) {
        StringBuilder s = new StringBuilder("import requests\n\nurl = ").append(quoted(r.url())).append("\n");
        List<String> args = new ArrayList<>();
        if (r.json() != null) {
            s.append("\npayload = ").append(python(r.json(), "")).append('\n');
            args.add("json=payload");
        } else if (r.multipart() || r.urlEncoded()) {
            StringBuilder data = new StringBuilder();
            StringBuilder files = new StringBuilder();
            r.form().forEach((k, v) -> {
                if (v.equals(SampleRequest.FILE)) {
                    files.append("    ").append(quoted(k)).append(": open(\"example-file\", \"rb\"),\n");
                } else {
                    data.append("    ").append(quoted(k)).append(": ").append(quoted(v)).append(",\n");
                }
            });
            if (!data.isEmpty()) {
                s.append("\ndata = {\n").append(data).append("}\n");
                args.add("data=data");
            }
            if (!files.isEmpty()) {
                s.append("\nfiles = {\n").append(files).append("}\n");
                args.add("files=files");
            }
        } else if (r.raw() != null) {
            s.append("\npayload = ").append(quoted(r.raw())).append('\n');
            args.add("data=payload");
        }
        Map<String, String> headers = new java.util.LinkedHashMap<>(r.headers());
        if (r.json() != null || r.multipart()) {
            headers.remove("Content-Type"); // requests sets it (with the multipart boundary)
        }
        if (!headers.isEmpty()) {
            s.append("\nheaders = {\n");
            headers.forEach((k, v) -> s.append("    ").append(quoted(k)).append(": ").append(quoted(v)).append(",\n"));
            s.append("}\n");
            args.add("headers=headers");
        }
        s.append("\nresponse = requests.request(").append(quoted(r.method())).append(", url");
        args.forEach(a -> s.append(", ").append(a));
        return s.append(")\n\nprint(response.text)").toString();
    }

    static String javascript(SampleRequest r) {
        StringBuilder s = new StringBuilder();
        String body = null;
        if (r.multipart() || r.urlEncoded()) {
            s.append(r.multipart() ? "const form = new FormData();\n" : "const form = new URLSearchParams();\n");
            r.form().forEach((k, v) -> s.append("form.append(").append(quoted(k)).append(", ")
                    .append(v.equals(SampleRequest.FILE) ? "fileInput.files[0]" : quoted(v)).append(");\n"));
            s.append('\n');
            body = "form";
        } else if (r.json() != null) {
            body = "JSON.stringify(" + pretty(r.json()).replace("\n", "\n  ") + ")";
        } else if (r.raw() != null) {
            body = quoted(r.raw());
        }
        s.append("const options = {\n  method: ").append(quoted(r.method()));
        Map<String, String> headers = new java.util.LinkedHashMap<>(r.headers());
        if (r.multipart() || r.urlEncoded()) {
            headers.remove("Content-Type"); // fetch sets it from the body
        }
        if (!headers.isEmpty()) {
            s.append(",\n  headers: {");
            Iterator<Map.Entry<String, String>> it = headers.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<String, String> h = it.next();
                s.append(quoted(h.getKey())).append(": ").append(quoted(h.getValue())).append(it.hasNext() ? ", " : "");
            }
            s.append('}');
        }
        if (body != null) {
            s.append(",\n  body: ").append(body);
        }
        return s.append("\n};\n\nfetch(").append(quoted(r.url())).append(", options)\n")
                .append("  .then(response => response.json())\n  .then(response => console.log(response))\n")
                .append("  .catch(err => console.error(err));").toString();
    }

    static String go(SampleRequest r) {
        boolean form = r.multipart() && !r.form().isEmpty();
        String payload = r.json() != null ? pretty(r.json()) : r.urlEncoded() ? formEncoded(r.form()) : r.raw();
        StringBuilder s = new StringBuilder("package main\n\nimport (\n");
        if (form) {
            s.append("\t\"bytes\"\n");
        }
        s.append("\t\"fmt\"\n\t\"io\"\n");
        if (form) {
            s.append("\t\"mime/multipart\"\n");
        }
        s.append("\t\"net/http\"\n");
        if (form && r.form().containsValue(SampleRequest.FILE)) {
            s.append("\t\"os\"\n");
        }
        if (payload != null) {
            s.append("\t\"strings\"\n");
        }
        s.append(")\n\nfunc main() {\n\turl := ").append(quoted(r.url())).append("\n\n");
        String body = "nil";
        if (form) {
            s.append("\tform := &bytes.Buffer{}\n\twriter := multipart.NewWriter(form)\n");
            r.form().forEach((k, v) -> {
                if (v.equals(SampleRequest.FILE)) {
                    s.append("\tpart, _ := writer.CreateFormFile(").append(quoted(k)).append(", \"example-file\")\n")
                            .append("\tcontent, _ := os.ReadFile(\"example-file\")\n\tpart.Write(content)\n");
                } else {
                    s.append("\twriter.WriteField(").append(quoted(k)).append(", ").append(quoted(v)).append(")\n");
                }
            });
            s.append("\twriter.Close()\n\n");
            body = "form";
        } else if (payload != null) {
            s.append("\tpayload := strings.NewReader(`").append(payload.replace("`", "` + \"`\" + `")).append("`)\n\n");
            body = "payload";
        }
        s.append("\treq, _ := http.NewRequest(").append(quoted(r.method())).append(", url, ").append(body).append(")\n\n");
        r.headers().forEach((k, v) -> {
            if (!(form && k.equals("Content-Type"))) {
                s.append("\treq.Header.Add(").append(quoted(k)).append(", ").append(quoted(v)).append(")\n");
            }
        });
        if (form) {
            s.append("\treq.Header.Add(\"Content-Type\", writer.FormDataContentType())\n");
        }
        return s.append("\n\tres, _ := http.DefaultClient.Do(req)\n\n\tdefer res.Body.Close()\n\tbody, _ := io.ReadAll(res.Body)\n\n")
                .append("\tfmt.Println(res)\n\tfmt.Println(string(body))\n}").toString();
    }

    static String java(SampleRequest r) {
        String payload = r.json() != null ? pretty(r.json()) : r.urlEncoded() ? formEncoded(r.form()) : r.raw();
        StringBuilder s = new StringBuilder();
        boolean multipart = r.multipart() && !r.form().isEmpty();
        if (multipart) {
            s.append("String boundary = \"----sample-boundary\";\nString form = \"\"\n");
            r.form().forEach((k, v) -> {
                if (!v.equals(SampleRequest.FILE)) {
                    s.append("    + \"--\" + boundary + \"\\r\\nContent-Disposition: form-data; name=\\\"").append(javaText(k))
                            .append("\\\"\\r\\n\\r\\n").append(javaText(v)).append("\\r\\n\"\n");
                }
            });
            s.append("    + \"--\" + boundary + \"--\\r\\n\";\n");
            if (r.form().containsValue(SampleRequest.FILE)) {
                s.append("// File fields: add a part with Content-Disposition: form-data; name=\"…\"; filename=\"…\" and the file's bytes.\n");
            }
            s.append('\n');
        }
        s.append("HttpRequest request = HttpRequest.newBuilder()\n    .uri(URI.create(").append(quoted(r.url())).append("))\n");
        r.headers().forEach((k, v) -> {
            if (!(multipart && k.equals("Content-Type"))) {
                s.append("    .header(").append(quoted(k)).append(", ").append(quoted(v)).append(")\n");
            }
        });
        if (multipart) {
            s.append("    .header(\"Content-Type\", \"multipart/form-data; boundary=\" + boundary)\n")
                    .append("    .method(").append(quoted(r.method())).append(", HttpRequest.BodyPublishers.ofString(form))\n");
        } else if (payload != null) {
            s.append("    .method(").append(quoted(r.method())).append(", HttpRequest.BodyPublishers.ofString(")
                    .append(payload.contains("\n") ? "\"\"\"\n        " + payload.replace("\\", "\\\\").replace("\"\"\"", "\\\"\"\"")
                            .replace("\n", "\n        ") + "\"\"\"" : quoted(payload)).append("))\n");
        } else {
            s.append("    .method(").append(quoted(r.method())).append(", HttpRequest.BodyPublishers.noBody())\n");
        }
        return s.append("    .build();\nHttpResponse<String> response = HttpClient.newHttpClient()\n")
                .append("    .send(request, HttpResponse.BodyHandlers.ofString());\nSystem.out.println(response.body());").toString();
    }

    private static String formEncoded(Map<String, String> form) {
        StringBuilder s = new StringBuilder();
        form.forEach((k, v) -> s.append(s.isEmpty() ? "" : "&").append(java.net.URLEncoder.encode(k, java.nio.charset.StandardCharsets.UTF_8))
                .append('=').append(java.net.URLEncoder.encode(v, java.nio.charset.StandardCharsets.UTF_8)));
        return s.toString();
    }

    /** A JSON value as a Python literal (True, False, None), indented. */
    private static String python(JsonNode v, String indent) {
        if (v == null || v.isNull()) {
            return "None";
        }
        if (v.isBoolean()) {
            return v.asBoolean() ? "True" : "False";
        }
        if (v.isNumber()) {
            return v.asText();
        }
        if (v.isTextual()) {
            return quoted(v.asText());
        }
        if (v.isEmpty()) {
            return v.isArray() ? "[]" : "{}";
        }
        String inner = indent + "    ";
        StringBuilder s = new StringBuilder(v.isArray() ? "[\n" : "{\n");
        if (v.isArray()) {
            v.forEach(item -> s.append(inner).append(python(item, inner)).append(",\n"));
        } else {
            v.fields().forEachRemaining(f -> s.append(inner).append(quoted(f.getKey())).append(": ")
                    .append(python(f.getValue(), inner)).append(",\n"));
        }
        return s.append(indent).append(v.isArray() ? "]" : "}").toString();
    }

    static String pretty(JsonNode json) {
        try {
            return Mappers.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json);
        } catch (JsonProcessingException e) {
            return json.toString();
        }
    }

    /** A double-quoted string literal as Python, JavaScript, Go and Java all read it. */
    static String quoted(String s) {
        return "\"" + javaText(s) + "\"";
    }

    private static String javaText(String s) {
        StringBuilder out = new StringBuilder();
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out.toString();
    }

    /** A single-quoted shell word. */
    private static String shell(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
