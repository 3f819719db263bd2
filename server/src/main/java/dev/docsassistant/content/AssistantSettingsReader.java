package dev.docsassistant.content;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a site's {@link AssistantSettings} where a Mintlify user puts them:
 * <ul>
 *   <li>instructions in {@code .mintlify/Assistant.md} (or {@code ASSISTANT.md}), Mintlify's own file,
 *       which the site never serves (a dot folder is no page);</li>
 *   <li>starter questions and the hand-off in docs.json's {@code assistant} object, which Mintlify's
 *       validator drops as an unknown top-level key, so one docs.json serves both platforms:
 *       <pre>"assistant": {"starterQuestions": ["How do I …?"],
 *              "handoff": {"label": "Contact support", "url": "https://…"}}   (or "email": "help@…")</pre></li>
 * </ul>
 * Problems are reported as docs.json's are (errors refuse a deployment); a bad entry is left out.
 */
public final class AssistantSettingsReader {
    public static final List<String> INSTRUCTION_FILES = List.of(".mintlify/Assistant.md", ".mintlify/ASSISTANT.md");
    public static final int MAX_INSTRUCTIONS_CHARS = 20_000;
    public static final int MAX_STARTER_QUESTIONS = 6;
    public static final int MAX_QUESTION_CHARS = 200;
    public static final int MAX_LABEL_CHARS = 80;
    private static final Set<String> KEYS = Set.of("starterQuestions", "handoff");
    private static final Set<String> HANDOFF_KEYS = Set.of("label", "url", "email");
    private static final Pattern EMAIL = Pattern.compile("[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+");
    /** Characters that would end or break a Markdown link destination. */
    private static final Pattern LINK_BREAKING = Pattern.compile("[\\s()<>]");

    private AssistantSettingsReader() {
    }

    /** @param docs the resolved docs.json, or null when it is unreadable */
    public static AssistantSettings read(Path siteDir, JsonNode docs, List<SiteProblem> problems) {
        String instructions = instructions(siteDir, problems);
        JsonNode node = docs == null ? null : docs.get("assistant");
        if (node == null || node.isNull()) {
            return new AssistantSettings(instructions, List.of(), null);
        }
        if (!node.isObject()) {
            problems.add(SiteProblem.error("docs.json", "/assistant", "must be an object with starterQuestions and handoff"));
            return new AssistantSettings(instructions, List.of(), null);
        }
        unknownKeys(node, "/assistant", KEYS, problems);
        return new AssistantSettings(instructions, questions(node.get("starterQuestions"), problems),
                handoff(node.get("handoff"), problems));
    }

    private static String instructions(Path siteDir, List<SiteProblem> problems) {
        List<String> present = INSTRUCTION_FILES.stream()
                .filter(f -> SiteFiles.regularFileInside(siteDir, siteDir.resolve(f).normalize())).toList();
        if (present.isEmpty()) {
            return null;
        }
        String file = present.getFirst();
        if (present.size() > 1 && !sameFile(siteDir, present)) {
            problems.add(new SiteProblem(present.get(1), "", "ignored: " + file + " holds the assistant's instructions"));
        }
        String text;
        try {
            text = Files.readString(siteDir.resolve(file));
        } catch (MalformedInputException e) {
            problems.add(SiteProblem.error(file, "", "not UTF-8 text; the assistant's instructions are left out"));
            return null;
        } catch (IOException e) {
            problems.add(SiteProblem.error(file, "", "unreadable: " + e.getMessage()));
            return null;
        }
        if (text.length() > MAX_INSTRUCTIONS_CHARS) {
            problems.add(SiteProblem.error(file, "", "the assistant's instructions are longer than "
                    + MAX_INSTRUCTIONS_CHARS + " characters (" + text.length() + "); shorten them").placedAt(text, MAX_INSTRUCTIONS_CHARS));
            return null;
        }
        if (text.isBlank()) {
            problems.add(new SiteProblem(file, "", "empty: no instructions are added to the assistant's"));
            return null;
        }
        return text.strip();
    }

    /** On a case-insensitive file system both names are one file. */
    private static boolean sameFile(Path siteDir, List<String> files) {
        try {
            return Files.isSameFile(siteDir.resolve(files.get(0)), siteDir.resolve(files.get(1)));
        } catch (IOException e) {
            return false;
        }
    }

    private static List<String> questions(JsonNode node, List<SiteProblem> problems) {
        String at = "/assistant/starterQuestions";
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            problems.add(SiteProblem.error("docs.json", at, "must be an array of questions (strings)"));
            return List.of();
        }
        if (node.size() > MAX_STARTER_QUESTIONS) {
            problems.add(SiteProblem.error("docs.json", at, "at most " + MAX_STARTER_QUESTIONS
                    + " starter questions fit the empty panel; found " + node.size()));
        }
        Set<String> questions = new LinkedHashSet<>();
        for (int i = 0; i < node.size(); i++) {
            JsonNode q = node.get(i);
            if (!q.isTextual() || q.asText().isBlank()) {
                problems.add(SiteProblem.error("docs.json", at + "/" + i, "must be a non-empty string"));
            } else if (q.asText().strip().length() > MAX_QUESTION_CHARS) {
                problems.add(SiteProblem.error("docs.json", at + "/" + i, "longer than " + MAX_QUESTION_CHARS + " characters"));
            } else if (!questions.add(q.asText().strip())) {
                problems.add(new SiteProblem("docs.json", at + "/" + i, "the same question again; shown once"));
            }
        }
        return new ArrayList<>(questions).subList(0, Math.min(questions.size(), MAX_STARTER_QUESTIONS));
    }

    private static AssistantSettings.Handoff handoff(JsonNode node, List<SiteProblem> problems) {
        String at = "/assistant/handoff";
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            problems.add(SiteProblem.error("docs.json", at, "must be an object with a url or an email, and a label"));
            return null;
        }
        unknownKeys(node, at, HANDOFF_KEYS, problems);
        JsonNode url = node.get("url");
        JsonNode email = node.get("email");
        if (url != null && email != null) {
            problems.add(SiteProblem.error("docs.json", at, "give either url or email, not both"));
            return null;
        }
        String target;
        String defaultLabel;
        if (url != null) {
            String u = url.isTextual() ? url.asText().strip() : "";
            boolean web = u.startsWith("https://") || u.startsWith("http://") || u.startsWith("mailto:");
            if (!web || SafeUrl.link(u).isEmpty() || LINK_BREAKING.matcher(u).find()) {
                problems.add(SiteProblem.error("docs.json", at + "/url", "must be an https://, http:// or mailto: URL "
                        + "without spaces, parentheses or angle brackets (percent-encode them)"));
                return null;
            }
            target = u;
            defaultLabel = "contact support";
        } else if (email != null) {
            String e = email.isTextual() ? email.asText().strip() : "";
            if (!EMAIL.matcher(e).matches()) {
                problems.add(SiteProblem.error("docs.json", at + "/email", "must be an e-mail address such as support@example.com"));
                return null;
            }
            target = "mailto:" + e;
            defaultLabel = e;
        } else {
            problems.add(SiteProblem.error("docs.json", at, "needs a url (a support page) or an email (a support address)"));
            return null;
        }
        JsonNode label = node.get("label");
        if (label == null) {
            return new AssistantSettings.Handoff(defaultLabel, target);
        }
        if (!label.isTextual() || label.asText().isBlank() || label.asText().strip().length() > MAX_LABEL_CHARS
                || label.asText().contains("\n")) {
            problems.add(SiteProblem.error("docs.json", at + "/label", "must be one line of at most " + MAX_LABEL_CHARS + " characters"));
            return null;
        }
        return new AssistantSettings.Handoff(label.asText().strip(), target);
    }

    static void unknownKeys(JsonNode node, String at, Set<String> known, List<SiteProblem> problems) {
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            if (!known.contains(e.getKey())) {
                problems.add(new SiteProblem("docs.json", at + "/" + e.getKey().replace("~", "~0").replace("/", "~1"),
                        "unknown key '" + e.getKey() + "' (known: " + String.join(", ", known.stream().sorted().toList()) + "); ignored"));
            }
        }
    }

}
