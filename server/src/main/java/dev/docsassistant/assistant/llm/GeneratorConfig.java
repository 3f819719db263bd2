package dev.docsassistant.assistant.llm;

import dev.docsassistant.assistant.AnswerGenerator;
import dev.docsassistant.assistant.ExtractiveGenerator;
import dev.docsassistant.assistant.FallbackGenerator;
import dev.docsassistant.assistant.Generators;
import dev.docsassistant.assistant.llm.LlmGenerator;
import dev.docsassistant.assistant.llm.LlmSettings;
import dev.docsassistant.config.AppConfig;
import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.SettingDoc;
import dev.docsassistant.config.SiteConfig;
import io.helidon.config.Config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.logging.Logger;

/**
 * Reads which generator answers for each site: {@code generator: extractive} (the default, offline)
 * or {@code generator: llm} (an OpenAI-compatible endpoint, settings under {@code llm}), globally
 * under {@code docs-assistant} or per site. A site may add instructions for the model in a file in
 * its folder ({@code assistant-instructions.md}, or the file named by {@code instructions}).
 */
public final class GeneratorConfig {
    static final String DEFAULT_INSTRUCTIONS = "assistant-instructions.md";
    private static final int MAX_INSTRUCTIONS_CHARS = 20_000;
    private static final Logger LOG = Logger.getLogger(GeneratorConfig.class.getName());
    static final String DEFAULT_GENERATOR = "extractive";
    static final String DEFAULT_FALLBACK = "none";

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Answers", "GeneratorConfig, LlmSettings",
            Stream.concat(Stream.of(
                    new SettingDoc("docs-assistant.generator", "extractive or llm", DEFAULT_GENERATOR,
                            "extractive answers offline from the sections found; llm asks an OpenAI-compatible endpoint (llm.*)"),
                    new SettingDoc("docs-assistant.sites[].generator", "extractive or llm", "generator", "the generator of one site"),
                    new SettingDoc("docs-assistant.sites[].llm.*", "as llm.*", "llm.*", "one site's endpoint, key by key over llm.*"),
                    new SettingDoc("docs-assistant.sites[].instructions", "path", DEFAULT_INSTRUCTIONS,
                            "a file of instructions for the model in the site's folder, read at start (used when it exists and the site has no .mintlify/Assistant.md)")),
                    Stream.concat(LlmSettings.REFERENCE.stream(), Stream.of(
                            new SettingDoc("docs-assistant.llm.fallback", "none or extractive", DEFAULT_FALLBACK,
                                    "answer extractively when the provider fails before the first word")))).toList());

    private GeneratorConfig() {
    }

    /** @param env environment lookup ({@code System::getenv}); API keys come only from there */
    public static Generators read(AppConfig config, Function<String, String> env) {
        Config root = config.section();
        AnswerGenerator extractive = new ExtractiveGenerator();
        Map<String, AnswerGenerator> bySite = new HashMap<>();
        List<Config> siteNodes = root.get("sites").asNodeList().orElse(List.of());
        for (int i = 0; i < config.sites().size(); i++) {
            SiteConfig site = config.sites().get(i);
            Config node = siteNodes.get(i);
            Config choice = node.get("generator").exists() ? node.get("generator") : root.get("generator");
            String kind = choice.asString().orElse(DEFAULT_GENERATOR).strip();
            switch (kind) {
                case "extractive" -> bySite.put(site.domain(), extractive);
                case "llm" -> {
                    LlmSettings settings = LlmSettings.from(node.get("llm"), root.get("llm"), env);
                    AnswerGenerator llm = new LlmGenerator(settings, instructions(node, site), site.url());
                    bySite.put(site.domain(), fallback(node.get("llm"), root.get("llm"), extractive, llm));
                    LOG.info("site " + site.domain() + " answers with " + settings.model() + " at " + settings.baseUrl());
                }
                default -> throw new ConfigException(choice.key() + ": unknown generator '" + kind + "' (extractive or llm)");
            }
        }
        return new Generators(bySite, extractive);
    }

    private static AnswerGenerator fallback(Config site, Config global, AnswerGenerator extractive, AnswerGenerator llm) {
        Config node = site.get("fallback").exists() ? site.get("fallback") : global.get("fallback");
        String value = node.asString().orElse(DEFAULT_FALLBACK).strip();
        return switch (value) {
            case "none" -> llm;
            case "extractive" -> new FallbackGenerator(llm, extractive);
            default -> throw new ConfigException(node.key() + ": unknown fallback '" + value + "' (none or extractive)");
        };
    }

    /** The site's own instructions for the model, or null. */
    static String instructions(Config node, SiteConfig site) {
        Config named = node.get("instructions");
        if (site.fromGit()) {
            if (named.exists()) {
                throw new ConfigException(named.key() + ": a site deployed from git has no folder on this server to read it from");
            }
            return null;
        }
        Path file = site.path().resolve(named.asString().orElse(DEFAULT_INSTRUCTIONS)).normalize();
        if (!Files.isRegularFile(file)) {
            if (named.exists()) {
                throw new ConfigException(named.key() + ": file not found: " + file);
            }
            return null;
        }
        try {
            String text = Files.readString(file);
            if (text.length() > MAX_INSTRUCTIONS_CHARS) {
                throw new ConfigException((named.exists() ? named.key() : node.key() + ".instructions") + ": " + file
                        + " is longer than " + MAX_INSTRUCTIONS_CHARS + " characters");
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
