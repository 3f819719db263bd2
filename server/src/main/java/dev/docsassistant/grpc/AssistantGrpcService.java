package dev.docsassistant.grpc;

import dev.docsassistant.assistant.AssistantRequest;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.assistant.ThreadCaller;
import dev.docsassistant.security.Caller;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.insights.InsightsLog;
import dev.docsassistant.metrics.AppMetrics;
import dev.docsassistant.proto.v1.AssistantServiceGrpc;
import dev.docsassistant.proto.v1.CreateMessageRequest;
import dev.docsassistant.proto.v1.GetPageRequest;
import dev.docsassistant.proto.v1.MessageEvent;
import dev.docsassistant.proto.v1.Page;
import dev.docsassistant.proto.v1.SearchResponse;
import dev.docsassistant.proto.v1.SearchResult;
import dev.docsassistant.proto.v1.SubmitFeedbackRequest;
import dev.docsassistant.proto.v1.SubmitFeedbackResponse;
import dev.docsassistant.request.FeedbackRules;
import dev.docsassistant.request.AssistantRules;
import dev.docsassistant.request.SearchRules;
import dev.docsassistant.search.PageContent;
import dev.docsassistant.search.SearchHit;
import dev.docsassistant.search.SearchRequest;
import dev.docsassistant.sites.Site;
import dev.docsassistant.sites.Sites;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;

import java.util.List;
import java.util.function.Supplier;

/**
 * {@code docsassistant.v1.AssistantService}: the gRPC twin of the assistant, search and page routes,
 * over the same {@link AssistantService} core, the same request rules and the same site search.
 * A plain grpc-java {@code BindableService}: Helidon serves it on the HTTP port, and any grpc-java
 * server could (the latency benchmark compares the two).
 */
public final class AssistantGrpcService extends AssistantServiceGrpc.AssistantServiceImplBase {
    private final AssistantService assistant;
    private final Sites sites;
    private final AssistantRules rules;
    private final InsightsLog insights;
    private final boolean reasoning;

    /** @param reasoning relay a model's reasoning as {@code reasoning_delta} events ({@code stream.reasoning}) */
    public AssistantGrpcService(AssistantService assistant, Sites sites, AssistantRules rules, InsightsLog insights,
                                boolean reasoning) {
        this.assistant = assistant;
        this.sites = sites;
        this.rules = rules;
        this.insights = insights;
        this.reasoning = reasoning;
    }

    @Override
    public void createMessage(CreateMessageRequest request, StreamObserver<MessageEvent> observer) {
        // With a handler set, writes after a cancel are dropped instead of thrown; the context says when to stop.
        ((ServerCallStreamObserver<MessageEvent>) observer).setOnCancelHandler(() -> { });
        Context call = Context.current();
        if (request.getSerializedSize() > rules.limits().maxBodyBytes()) {
            throw Status.RESOURCE_EXHAUSTED.withDescription("request is larger than " + rules.limits().maxBodyBytes() + " bytes")
                    .asRuntimeException();
        }
        AssistantRequest checked = rules.check(ProtoRequests.draft(request));
        AssistantService.Accepted accepted = assistant.accept(checked.withGroups(groupsFor(checked.filter().groups())),
                ThreadCaller.of(AccessInterceptor.CALLER.get()));
        ProtoEventStream events = new ProtoEventStream(observer, call, accepted.threadKey(), reasoning);
        assistant.answer(accepted, events);
        if (!events.ended()) {
            // Abandoned: the client cancelled or the deadline passed; the core has stopped.
            boolean deadline = ProtoEventStream.deadlinePassed(call);
            closeQuietly(observer, (deadline ? Status.DEADLINE_EXCEEDED : Status.CANCELLED)
                    .withDescription(deadline ? "deadline exceeded" : "cancelled by the client"));
        }
    }

    @Override
    public void search(dev.docsassistant.proto.v1.SearchRequest request, StreamObserver<SearchResponse> observer) {
        unary(observer, () -> {
            Site site = site(request.getDomain());
            SearchRequest search = SearchRules.search(ProtoRequests.unset(request.getQuery()),
                    ProtoRequests.unset(request.getPageSize()), ProtoRequests.unset(request.getScoreThreshold()),
                    request.hasFilter() ? ProtoRequests.filter(request.getFilter()) : null);
            search = search.withFilter(search.filter().withGroups(groupsFor(search.filter().groups())));
            long started = System.nanoTime();
            List<SearchHit> hits = site.search().search(search);
            AppMetrics.search("grpc", System.nanoTime() - started);
            if (hits.isEmpty()) {
                insights.searchMissed(site.config().domain(), Channel.GRPC, search.query());
            }
            SearchResponse.Builder response = SearchResponse.newBuilder();
            hits.forEach(hit -> response.addResults(result(hit)));
            return response.build();
        });
    }

    @Override
    public void getPage(GetPageRequest request, StreamObserver<Page> observer) {
        unary(observer, () -> {
            Site site = site(request.getDomain());
            String path = SearchRules.pagePath(ProtoRequests.unset(request.getPath()));
            PageContent page = site.search().page(path, groupsFor(SearchRules.groups(request.getGroupsList())))
                    .orElseThrow(() -> Status.NOT_FOUND.withDescription("page not found: " + path).asRuntimeException());
            return Page.newBuilder().setPath(page.path()).setContent(page.content()).build();
        });
    }

    @Override
    public void submitFeedback(SubmitFeedbackRequest request, StreamObserver<SubmitFeedbackResponse> observer) {
        unary(observer, () -> {
            Site site = site(request.getDomain());
            FeedbackRules.AnswerFeedback feedback = FeedbackRules.check(ProtoRequests.unset(request.getThreadId()),
                    ProtoRequests.unset(request.getMessageId()), request.hasHelpful() ? request.getHelpful() : null,
                    ProtoRequests.unset(request.getComment()));
            if (!insights.feedback(site.config().domain(), feedback.threadId(), feedback.messageId(), feedback.helpful(),
                    feedback.comment())) {
                throw Status.NOT_FOUND.withDescription("no answer " + feedback.messageId() + " in thread "
                        + feedback.threadId() + " of site " + site.config().domain()).asRuntimeException();
            }
            return SubmitFeedbackResponse.getDefaultInstance();
        });
    }

    /**
     * The access groups a call reads: its key's, narrowed to those it names ({@link Caller#groupsFor});
     * none when no access check ran (a service served without {@link AccessInterceptor}).
     */
    private static List<String> groupsFor(List<String> requested) {
        Caller caller = AccessInterceptor.CALLER.get();
        return caller == null ? Caller.PUBLIC_ONLY : caller.groupsFor(requested);
    }

    private Site site(String domain) {
        String name = ProtoRequests.domain(domain);
        return sites.get(name).orElseThrow(() -> Status.NOT_FOUND.withDescription("unknown domain: " + name).asRuntimeException());
    }

    private static SearchResult result(SearchHit hit) {
        SearchResult.Builder r = SearchResult.newBuilder().setContent(hit.content()).setPath(hit.path())
                .setTitle(hit.title()).setScore(hit.score());
        if (hit.section() != null) {
            r.setSection(hit.section());
        }
        if (hit.version() != null) {
            r.setVersion(hit.version());
        }
        if (hit.language() != null) {
            r.setLanguage(hit.language());
        }
        return r.build();
    }

    /** Answers with what {@code work} returns; what it throws becomes a status in {@link ErrorStatuses}. */
    private static <T> void unary(StreamObserver<T> observer, Supplier<T> work) {
        observer.onNext(work.get());
        observer.onCompleted();
    }

    private static void closeQuietly(StreamObserver<?> observer, Status status) {
        try {
            observer.onError(status.asRuntimeException());
        } catch (RuntimeException ignored) {
            // The client is gone; there is no one left to tell.
        }
    }
}
