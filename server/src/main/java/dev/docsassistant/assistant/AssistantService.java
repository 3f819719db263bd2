package dev.docsassistant.assistant;

import dev.docsassistant.config.Mappers;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.insights.AnswerRecord;
import dev.docsassistant.insights.CitedPage;
import dev.docsassistant.metrics.AppMetrics;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.content.SafeUrl;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.sites.Site;
import dev.docsassistant.sites.Sites;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one assistant core behind REST v1, REST v2 and gRPC: checks the request against sites and
 * threads, retrieves from the site's search, lets the generator write the answer, stores the turn.
 */
public final class AssistantService {
    private static final Logger LOG = Logger.getLogger(AssistantService.class.getName());
    private static final ObjectMapper JSON = Mappers.JSON;

    private final Sites sites;
    private final ThreadStore threads;
    private final Generators generators;
    private final Consumer<AnswerRecord> answers;
    private final OpenAnswers open = new OpenAnswers();
    private final int maxOpen;

    public AssistantService(Sites sites, ThreadStore threads, AnswerGenerator generator) {
        this(sites, threads, Generators.of(generator), record -> { }, Integer.MAX_VALUE);
    }

    /**
     * @param answers told of every finished answer, after its {@code finish} left (insights)
     * @param maxOpen answers that may stream at once; beyond, {@link #accept} refuses ({@code stream.max-open})
     */
    public AssistantService(Sites sites, ThreadStore threads, Generators generators, Consumer<AnswerRecord> answers,
                            int maxOpen) {
        this.sites = sites;
        this.threads = threads;
        this.generators = generators;
        this.answers = answers;
        this.maxOpen = maxOpen;
    }

    /**
     * A request accepted for answering, its thread resolved (or created).
     *
     * @param threadKey the new thread's key, or null when an existing thread continues
     * @param reader    the signed-in reader's identity recorded with the answer ({@link ThreadCaller#reader})
     */
    public record Accepted(AssistantRequest request, Site site, String threadId, String threadKey, Optional<String> reader,
                           long acceptedAt) {
        public Accepted(AssistantRequest request, Site site, String threadId, String threadKey, Optional<String> reader) {
            this(request, site, threadId, threadKey, reader, System.nanoTime());
        }

        @Override
        public String toString() {
            return "Accepted[" + request.domain() + ", thread " + threadId + "]";
        }
    }

    /** The answers streaming now (gauge, answer times, graceful drain). */
    public OpenAnswers openAnswers() {
        return open;
    }

    /**
     * Everything that can fail before the answer starts streaming; the edge reports it as a status.
     * A thread {@code caller} may not reach ({@link ThreadStore#reachable}) is the same NOT_FOUND as
     * one that does not exist.
     */
    public Accepted accept(AssistantRequest request, ThreadCaller caller) {
        Site site = sites.get(request.domain())
                .orElseThrow(() -> new AssistantException(AssistantException.Kind.NOT_FOUND, "unknown domain: " + request.domain()));
        // Each open answer holds buffers until it ends (a model may think for minutes): past what the
        // heap holds, refusing a new one is better than every answer failing for want of memory.
        if (open.count() >= maxOpen) {
            AppMetrics.answerRefusedBusy();
            throw new AssistantException(AssistantException.Kind.BUSY, "the server is streaming as many answers as it can ("
                    + maxOpen + "); please retry in a moment");
        }
        if (request.threadId() == null) {
            ThreadStore.ThreadRef created = threads.create(request.domain(), request.fp(), caller, request.filter().groups());
            return new Accepted(request, site, created.id(), created.key(), caller.reader());
        }
        if (!threads.reachable(request.domain(), request.threadId(), request.threadKey(), caller)) {
            throw new AssistantException(AssistantException.Kind.NOT_FOUND, "thread not found: " + request.threadId());
        }
        return new Accepted(request, site, request.threadId(), null, caller.reader());
    }

    /**
     * Streams the answer. With a generator that {@linkplain AnswerGenerator#mayFailBeforeWriting() may
     * fail before writing}, nothing reaches {@code events} until it writes its first piece, so one that fails before that (its provider unreachable, refusing) surfaces as an
     * {@link AssistantException} of kind UPSTREAM_* and the edge can still answer with a status
     * (unless the sink has {@linkplain AssistantEvents#committed() committed} the response already).
     * Failures after the start become the stream's error event; {@link AnswerAbandoned} from the
     * sink (the reader left) stops the answer silently.
     */
    public void answer(Accepted accepted, AssistantEvents sink) {
        AssistantEvents events = open.track(sink, accepted.acceptedAt());
        try {
            stream(accepted, events);
        } finally {
            open.release(events);
        }
    }

    private void stream(Accepted accepted, AssistantEvents events) {
        AssistantRequest request = accepted.request();
        long startNanos = System.nanoTime();
        Turn turn = new Turn(accepted, events);
        AnswerGenerator generator = generators.forSite(request.domain());
        try {
            if (!generator.mayFailBeforeWriting()) {
                turn.begin(); // nothing can turn into a status any more: the first event leaves now
            }
            List<ChatMessage> earlier = request.messages().subList(0, lastUserIndex(request.messages()));
            if (earlier.isEmpty() && accepted.threadKey() == null) {
                // A client continuing with the threadId alone sends only the new message: the thread's
                // stored turns are the conversation so far (the generator trims them to its history budget).
                earlier = storedConversation(accepted.threadId(), request.questionId(), request.question());
            }
            List<String> earlierQuestions = earlier.stream().filter(ChatMessage::isUser).map(ChatMessage::text).toList();
            String siteName = accepted.site().content().name();
            String query = generator.searchQuery(new AnswerGenerator.QueryInput(request.question(), earlierQuestions,
                            request.context(), siteName))
                    .map(rewritten -> RetrievalQuery.withContext(rewritten, request.context()))
                    .orElseGet(() -> RetrievalQuery.of(request.question(), earlierQuestions, request.context()));
            List<SearchHit> hits = accepted.site().search().search(new SearchRequest(query, request.retrievalPageSize(), 0,
                    request.filter(), request.currentPath()));
            Optional<String> gap = QuestionCoverage.gap(accepted.site().search(), request.question());
            if (gap.isPresent()) {
                LOG.fine(() -> "not covered by " + request.domain() + ": " + gap.get());
                hits = List.of();
            }
            turn.searched(query, hits);
            generator.generate(new AnswerGenerator.Input(request.question(), earlier,
                    request.context(), hits, siteName, request.currentPath(),
                    accepted.site().content().assistant()), turn);
            turn.release(); // what the generator left held goes before the store is written
            // Stored just before finish leaves: a client that never saw finish retries the same message
            // (same id and text), and that retry replaces this turn (ThreadStore.append), never repeats it.
            int replaced = threads.append(accepted.threadId(), request.filter().groups(), List.of(
                    new ThreadStore.StoredMessage(0, "user", request.question(), "[]", request.questionId()),
                    new ThreadStore.StoredMessage(0, "assistant", turn.text.toString(), sourcesJson(turn.used))));
            if (replaced > 0) {
                LOG.fine(() -> "message " + request.questionId() + " asked again in thread " + accepted.threadId()
                        + ": " + replaced + " stored messages replaced");
            }
            turn.begin();
            events.finish(accepted.threadId());
            answers.accept(turn.record((System.nanoTime() - startNanos) / 1_000_000));
        } catch (AnswerAbandoned e) {
            LOG.info("answer abandoned on " + request.domain() + " thread " + accepted.threadId() + ": " + e.getMessage());
        } catch (GeneratorException e) {
            AppMetrics.generatorFailure(e.getMessage().equals(OpenAnswers.DRAINED) ? "drained"
                    : e.kind().name().toLowerCase(Locale.ROOT));
            if (!turn.started && !events.committed()) {
                throw new AssistantException(e.kind() == GeneratorException.Kind.UNAVAILABLE
                        ? AssistantException.Kind.UPSTREAM_UNAVAILABLE : AssistantException.Kind.UPSTREAM_FAILED, e.getMessage());
            }
            LOG.warning("answer failed mid-stream on " + request.domain() + " thread " + accepted.threadId() + ": " + e.getMessage());
            turn.fail(e.getMessage());
        } catch (RuntimeException e) {
            AppMetrics.generatorFailure("internal");
            LOG.log(Level.WARNING, "answer failed on " + request.domain() + " thread " + accepted.threadId(), e);
            turn.fail("the answer could not be completed; please try again");
        }
    }

    /**
     * One answer in progress: starts the event stream at the first piece of output, keeps the
     * sources to the retrieved set (each once) and collects the text for the thread. While the
     * generator holds, consecutive text deltas are merged into one: the reader gets the same text in
     * fewer events (a gRPC message, an SSE event each), and the edge writes them together.
     */
    private static final class Turn implements AnswerGenerator.Output {
        private final Accepted accepted;
        private final AssistantEvents events;
        private final List<AnswerSource> used = new ArrayList<>();
        private final Set<SearchHit> named = new HashSet<>();
        private final StringBuilder text = new StringBuilder();
        /** Text received while holding and not yet sent. */
        private final StringBuilder pending = new StringBuilder();
        private boolean holding;
        private List<SearchHit> hits = List.of();
        private String query;
        private String messageId;
        private boolean started;

        Turn(Accepted accepted, AssistantEvents events) {
            this.accepted = accepted;
            this.events = events;
        }

        void searched(String query, List<SearchHit> hits) {
            this.query = query;
            this.hits = hits;
            if (started) {
                events.searched(query, hits);
            }
        }

        void begin() {
            if (!started) {
                started = true;
                messageId = "msg_" + ThreadStore.token(12);
                // One write with v1's search; it leaves at once unless the generator holds (then at its release).
                events.hold();
                events.start(messageId, accepted.threadId());
                if (query != null) {
                    events.searched(query, hits);
                }
                events.release();
            }
        }

        @Override
        public void hold() {
            if (!holding) {
                holding = true;
                events.hold();
            }
        }

        @Override
        public void release() {
            sendPending();
            if (holding) {
                holding = false;
                events.release();
            }
        }

        private void sendPending() {
            if (!pending.isEmpty()) {
                String delta = pending.toString();
                pending.setLength(0);
                events.text(delta);
            }
        }

        /** The finished answer as insights keep it: answered when it named a source. */
        AnswerRecord record(long latencyMs) {
            return new AnswerRecord(messageId, accepted.threadId(), accepted.request().domain(), events.channel(),
                    accepted.request().question(), text.toString(),
                    used.stream().map(s -> new CitedPage(s.path(), s.title())).toList(), !used.isEmpty(), latencyMs, Instant.now(),
                    accepted.reader());
        }

        /** Ends the stream (starting it if need be) with the error event. */
        void fail(String message) {
            try {
                begin();
                sendPending(); // the text so far, then the error
                events.error(message);
            } catch (AnswerAbandoned ignored) {
                // Nobody left to tell.
            }
        }

        @Override
        public void source(SearchHit hit) {
            // Generators are asked to name retrieved hits only; this makes it a guarantee.
            if (!hits.contains(hit) || !named.add(hit)) {
                return;
            }
            begin();
            AnswerSource source = toSource(accepted.site(), hit, used.size() + 1);
            used.add(source);
            sendPending();
            events.source(source);
        }

        @Override
        public boolean abandoned() {
            return events.abandoned();
        }

        @Override
        public void text(String delta) {
            if (delta.isEmpty()) {
                return;
            }
            begin();
            text.append(delta);
            if (holding) {
                pending.append(delta);
            } else {
                events.text(delta);
            }
        }

        @Override
        public void reasoning(String delta) {
            if (delta.isEmpty() || !events.relaysReasoning()) {
                return;
            }
            begin();
            sendPending();
            events.reasoning(delta);
        }
    }

    /**
     * The thread's stored turns; for a question the thread already holds (same id and text: a retry),
     * only those before it, which its answer replaces.
     */
    private List<ChatMessage> storedConversation(String threadId, String questionId, String question) {
        List<ChatMessage> out = new ArrayList<>();
        for (ThreadStore.StoredMessage m : threads.messages(threadId)) {
            if (questionId != null && questionId.equals(m.clientId()) && question.equals(m.content())) {
                break;
            }
            out.add(new ChatMessage(m.role(), m.content()));
        }
        return out;
    }

    private static int lastUserIndex(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).isUser()) {
                return i;
            }
        }
        return 0;
    }

    private static AnswerSource toSource(Site site, SearchHit hit, int n) {
        // The same link check as every link of the rendered pages: clients put this URL in an href.
        String url = site.config().url().map(base -> base + hit.path()).flatMap(SafeUrl::link).orElse(hit.path());
        return new AnswerSource("src-" + n, url, hit.path(), hit.title(), hit.content());
    }

    private static String sourcesJson(List<AnswerSource> sources) {
        try {
            return JSON.writeValueAsString(sources.stream().map(s -> Map.of("url", s.url(), "title", s.title())).toList());
        } catch (Exception e) {
            return "[]";
        }
    }
}
