package dev.docsassistant.bench;

import dev.docsassistant.insights.Channel;
import dev.docsassistant.app.App;
import dev.docsassistant.assistant.AnswerSource;
import dev.docsassistant.assistant.AssistantRequest;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.ThreadCaller;
import dev.docsassistant.assistant.CollectedAnswer;
import dev.docsassistant.assistant.ChatMessage;
import dev.docsassistant.search.SearchFilter;
import dev.docsassistant.search.SearchMode;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Scores the assistant itself on the shared dev sets: each question goes through the same core the
 * REST and gRPC edges call (retrievalPageSize 5, the question's version/language as the filter), and
 * the sources the answer streams are scored as its ranked pages. The assistant abstains when it
 * streams no source (that is how clients recognise a non-answer).
 * Run: {@code bench/run AssistantEval [-v] [--parts=dev,tune,aside]} (the shared set and the project's own, by part, as
 * in {@link SearchEval}; {@code -v} never prints the aside part).
 */
public final class AssistantEval {
    /** The in-process caller: a private key of its own. */
    private static final ThreadCaller OWNER = ThreadCaller.key("bench", java.util.List.of());
    private AssistantEval() {
    }

    public static void main(String[] args) throws Exception {
        boolean verbose = List.of(args).contains("-v");
        List<String> parts = DevSet.parts(args);
        Map<String, Map<String, Map<SearchMode, Scores>>> byCorpus = new TreeMap<>();
        for (SearchMode mode : SearchMode.values()) {
            String label = mode.name().toLowerCase(Locale.ROOT);
            try (App app = BenchApps.corpora("search: {mode: " + label + "}")) {
                AssistantService assistant = app.assistant();
                for (String corpus : DevSet.CORPORA) {
                    Map<String, Map<SearchMode, Scores>> groups = byCorpus.computeIfAbsent(corpus, c -> new TreeMap<>());
                    for (DevSet.Question q : DevSet.all(corpus).stream().filter(q -> parts.contains(q.part())).toList()) {
                        CollectedAnswer answer = ask(assistant, corpus, q);
                        List<String> ranked = answer.sources().stream().map(AnswerSource::path).toList();
                        boolean abstain = ranked.isEmpty();
                        for (String group : List.of("all", "part " + q.part(), "kind " + q.kind(),
                                "language " + (q.language() == null ? "en" : q.language()))) {
                            groups.computeIfAbsent(group, k -> new TreeMap<>()).computeIfAbsent(mode, m -> new Scores())
                                    .add(q, ranked, abstain);
                        }
                        if (verbose && !q.part().equals("aside")) { // the aside part is scored, never looked at
                            System.out.printf(Locale.ROOT, "%s %s [%s] expect=%s%n    sources=%s%n    %s%n", label, q.q(), q.kind(),
                                    q.expect(), ranked.stream().map(DevSet::norm).toList(),
                                    answer.text().replace("\n", " ").substring(0, Math.min(160, answer.text().length())));
                        }
                    }
                }
                System.out.println(label + " " + memory());
            }
        }
        byCorpus.forEach((corpus, groups) -> {
            System.out.println("== " + corpus + " (assistant sources, retrievalPageSize 5)");
            groups.forEach((group, byMode) -> byMode.forEach((mode, scores) -> System.out.println(
                    scores.row(String.format(Locale.ROOT, "%-8s %s", mode.name().toLowerCase(Locale.ROOT), group)))));
        });
    }

    /** Heap in use after a full collection and the process's resident memory, with both corpora loaded. */
    static String memory() {
        System.gc();
        Runtime rt = Runtime.getRuntime();
        String rss = "?";
        try {
            rss = java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("VmRSS:")).map(l -> l.substring(6).strip()).findFirst().orElse("?");
        } catch (java.io.IOException e) {
            // not Linux: heap only
        }
        return String.format(Locale.ROOT, "memory with both corpora loaded: heap used %d MiB, RSS %s",
                (rt.totalMemory() - rt.freeMemory()) >> 20, rss);
    }

    private static CollectedAnswer ask(AssistantService assistant, String corpus, DevSet.Question q) {
        AssistantRequest request = new AssistantRequest(corpus, "bench", List.of(new ChatMessage("user", q.q())), null, null,
                AssistantRequest.DEFAULT_RETRIEVAL_PAGE_SIZE, new SearchFilter(q.version(), q.language(), null, List.of()),
                List.of(), null);
        CollectedAnswer answer = new CollectedAnswer(Channel.REST_V2);
        assistant.answer(assistant.accept(request, OWNER), answer);
        if (answer.error() != null) {
            throw new IllegalStateException("answer failed for " + q.q() + ": " + answer.error());
        }
        return answer;
    }
}
