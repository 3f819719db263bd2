package dev.docsassistant.publish;

import dev.docsassistant.config.Mappers;
import dev.docsassistant.content.NavItem;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteFiles;
import dev.docsassistant.content.mdx.FrontMatter;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What agents discover a site by, as Mintlify's {@code ai/} pages describe it: {@code /skill.md}
 * (the site's own at its root, else one made from its navigation), the skills of
 * {@code .mintlify/skills/{name}/SKILL.md} under {@code /.well-known/skills/} and
 * {@code /.well-known/agent-skills/} (an {@code index.json} with each file's sha256), and the MCP
 * discovery documents {@code /.well-known/mcp} ({@code mcp.json}, {@code mcp/server-card.json},
 * {@code mcp/server-cards.json}) where the site serves MCP. Read once per deployment.
 */
final class AgentDiscovery {
    private static final String AGENT_SKILLS_SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";

    /** One skill file: its URL-safe name, description and text. */
    record Skill(String name, String description, String text) {
    }

    private final SiteContent site;
    private final boolean mcp;
    private final List<Skill> skills;

    AgentDiscovery(SiteContent site, boolean mcp) {
        this.site = site;
        this.mcp = mcp;
        this.skills = skills(site);
    }

    /** The file at {@code path}, if it is one of these. */
    Optional<AgentFiles.File> get(String path, String baseUrl) {
        switch (path) {
            case "/skill.md" -> {
                return Optional.of(new AgentFiles.File(AgentFiles.MARKDOWN, skills.getFirst().text()));
            }
            case "/.well-known/skills/index.json", "/.well-known/agent-skills/index.json" -> {
                // Each skill's address is under where the site is served (/docs, /sites/{domain}), as the index is.
                return Optional.of(json(index(AgentFiles.prefixOf(baseUrl) + path.substring(0, path.lastIndexOf('/')))));
            }
            case "/.well-known/mcp", "/.well-known/mcp.json" -> {
                return mcp ? Optional.of(json(discovery(baseUrl))) : Optional.empty();
            }
            case "/.well-known/mcp/server-card.json" -> {
                return mcp ? Optional.of(json(card(baseUrl))) : Optional.empty();
            }
            case "/.well-known/mcp/server-cards.json" -> {
                if (!mcp) {
                    return Optional.empty();
                }
                ObjectNode cards = Mappers.JSON.createObjectNode();
                cards.putArray("servers").add(card(baseUrl));
                return Optional.of(json(cards));
            }
            default -> {
            }
        }
        for (String dir : List.of("/.well-known/skills/", "/.well-known/agent-skills/")) {
            if (path.startsWith(dir) && path.endsWith("/SKILL.md")) {
                String name = path.substring(dir.length(), path.length() - "/SKILL.md".length());
                return skills.stream().filter(s -> s.name().equals(name)).findFirst()
                        .map(s -> new AgentFiles.File(AgentFiles.MARKDOWN, s.text()));
            }
        }
        return Optional.empty();
    }

    private ObjectNode index(String dir) {
        ObjectNode index = Mappers.JSON.createObjectNode();
        index.put("$schema", AGENT_SKILLS_SCHEMA);
        ArrayNode list = index.putArray("skills");
        for (Skill skill : skills) {
            list.addObject().put("name", skill.name()).put("type", "skill-md")
                    .put("description", skill.description().length() > 1024 ? skill.description().substring(0, 1024) : skill.description())
                    .put("url", dir + "/" + skill.name() + "/SKILL.md").put("digest", "sha256:" + sha256(skill.text()));
        }
        return index;
    }

    private ObjectNode discovery(String baseUrl) {
        ObjectNode d = Mappers.JSON.createObjectNode();
        d.put("version", "1.0.0").put("transport", "http").put("url", baseUrl + "/mcp");
        d.putArray("servers").addObject().put("name", "public").put("url", baseUrl + "/mcp").put("transport", "http")
                .put("authentication", "none");
        return d;
    }

    private ObjectNode card(String baseUrl) {
        ObjectNode card = Mappers.JSON.createObjectNode();
        card.put("name", slug(site.name()) + "-search").put("version", "1.0.0").put("url", baseUrl + "/mcp")
                .put("transport", "http").put("description", "Search and read the " + site.name() + " documentation");
        card.putObject("capabilities").put("tools", true).put("resources", false);
        return card;
    }

    private static AgentFiles.File json(ObjectNode node) {
        return new AgentFiles.File("application/json", node.toPrettyString() + "\n");
    }

    /** The root skill first (the site's own skill.md, else the generated one), then those of {@code .mintlify/skills/}. */
    private static List<Skill> skills(SiteContent site) {
        List<Skill> out = new ArrayList<>();
        Path dir = site.dir();
        Path own = dir.resolve("skill.md");
        out.add(read(dir, own).orElseGet(() -> generated(site)));
        Path folder = dir.resolve(".mintlify/skills");
        if (Files.isDirectory(folder) && SiteFiles.resolvesInside(dir, folder)) {
            try (Stream<Path> entries = Files.list(folder)) {
                entries.sorted().map(e -> e.resolve("SKILL.md")).map(f -> read(dir, f)).flatMap(Optional::stream)
                        .filter(s -> out.stream().noneMatch(o -> o.name().equals(s.name()))).forEach(out::add);
            } catch (IOException e) {
                // An unreadable folder has no skills to list.
            }
        }
        return List.copyOf(out);
    }

    private static Optional<Skill> read(Path dir, Path file) {
        Path real = file.normalize();
        // A skill linked from elsewhere in the repository is read; one leading outside the site is not.
        if (!Files.isRegularFile(real) || !SiteFiles.resolvesInside(dir, real)) {
            return Optional.empty();
        }
        try {
            String text = Files.readString(real);
            FrontMatter fm = FrontMatter.parse(text, (line, column, message) -> { });
            if (!fm.strings("groups").isEmpty()) {
                return Optional.empty(); // for signed-in groups only: never in these public files
            }
            String name = fm.string("name").map(AgentDiscovery::slug)
                    .orElse(slug(real.getParent().getFileName().toString()));
            return Optional.of(new Skill(name, fm.string("description").orElse(""), text));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A skill.md made from the site: its name and description, then each navigation group with its pages. */
    private static Skill generated(SiteContent site) {
        String name = slug(site.name());
        String description = site.docsJson().path("description").asText("");
        if (description.isBlank()) {
            description = "Use the " + site.name() + " documentation: find how to do something, look up settings and APIs.";
        }
        StringBuilder s = new StringBuilder("---\nname: ").append(name).append("\ndescription: ")
                .append(yaml(description.strip())).append("\n---\n\n# ").append(site.name()).append("\n\n")
                .append(description.strip()).append("\n\n## Capabilities\n\n");
        groups(site, site.navigation().tree(), s);
        s.append("\n## Context\n\nEvery page is available as Markdown at its address with `.md` appended; ")
                .append("`/llms.txt` lists them and `/llms-full.txt` holds them all.\n");
        return new Skill(name, description.strip(), s.toString());
    }

    private static void groups(SiteContent site, NavItem item, StringBuilder s) {
        if (item.kind() == NavItem.Kind.GROUP && !item.hidden()) {
            List<String> titles = item.children().stream().filter(c -> c.kind() == NavItem.Kind.PAGE && !c.hidden())
                    .map(c -> site.page(c.page()).filter(p -> p.isPublic() && p.searchable()).map(Page::navTitle).orElse(null))
                    .filter(t -> t != null).toList();
            if (!titles.isEmpty()) {
                s.append("- **").append(item.label()).append("**: ").append(String.join(", ", titles)).append('\n');
            }
        }
        if (!item.hidden()) {
            item.children().forEach(c -> groups(site, c, s));
        }
    }

    private static String yaml(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", " ") + "\"";
    }

    static String slug(String name) {
        String s = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
        return s.isEmpty() ? "docs" : s;
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
