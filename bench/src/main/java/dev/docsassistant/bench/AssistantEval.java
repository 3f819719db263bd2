package dev.docsassistant.bench;

import dev.docsassistant.app.App;
import dev.docsassistant.assistant.AnswerSource;
import dev.docsassistant.assistant.AssistantRequest;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.CollectedAnswer;
import dev.docsassistant.assistant.ChatMessage;
import dev.docsassistant.search.SearchFilter;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Scores the assistant itself on the shared dev sets: each question goes through the same core the
 * REST and gRPC edges call (retrievalPageSize 5, the question's version/language as the filter), and
 * the sources the answer streams are scored as its ranked pages. The assistant abstains when it
 * streams no source (that is how clients recognise a non-answer).
 * Run: {@code bench/run AssistantEval [-v]}.
 */
public final class AssistantEval {
    private AssistantEval() {
    }

    public static void main(String[] args) throws Exception {
        boolean verbose = List.of(args).contains("-v");
        try (App app = BenchApps.corpora()) {
            AssistantService assistant = app.assistant();
            for (String corpus : DevSet.CORPORA) {
                Scores all = new Scores();
                Map<String, Scores> byGroup = new TreeMap<>();
                for (DevSet.Question q : DevSet.questions(corpus)) {
                    CollectedAnswer answer = ask(assistant, corpus, q);
                    List<String> ranked = answer.sources().stream().map(AnswerSource::path).toList();
                    boolean abstain = ranked.isEmpty();
                    all.add(q, ranked, abstain);
                    byGroup.computeIfAbsent("kind " + q.kind(), k -> new Scores()).add(q, ranked, abstain);
                    byGroup.computeIfAbsent("scope " + q.scope(), k -> new Scores()).add(q, ranked, abstain);
                    if (verbose) {
                        System.out.printf(Locale.ROOT, "%s [%s] expect=%s%n    sources=%s%n    %s%n", q.q(), q.kind(),
                                q.expect(), ranked.stream().map(DevSet::norm).toList(),
                                answer.text().replace("\n", " ").substring(0, Math.min(160, answer.text().length())));
                    }
                }
                System.out.println("== " + corpus + " (assistant sources, retrievalPageSize 5)");
                System.out.println(all.row("all"));
                byGroup.forEach((k, v) -> System.out.println(v.row(k)));
            }
        }
    }

    private static CollectedAnswer ask(AssistantService assistant, String corpus, DevSet.Question q) {
        AssistantRequest request = new AssistantRequest(corpus, "bench", List.of(new ChatMessage("user", q.q())), null, null,
                AssistantRequest.DEFAULT_RETRIEVAL_PAGE_SIZE, new SearchFilter(q.version(), q.language(), null, List.of()),
                List.of(), null);
        CollectedAnswer answer = new CollectedAnswer();
        assistant.answer(assistant.accept(request), answer);
        if (answer.error() != null) {
            throw new IllegalStateException("answer failed for " + q.q() + ": " + answer.error());
        }
        return answer;
    }
}
