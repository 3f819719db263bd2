package dev.docsassistant.grpc;

import com.google.protobuf.Descriptors;
import dev.docsassistant.assistant.AssistantService;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.insights.InsightsLog;
import dev.docsassistant.metrics.AppMetrics;
import dev.docsassistant.proto.v1.AssistantProto;
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
import io.helidon.webserver.grpc.GrpcService;

import java.util.List;
import java.util.function.Supplier;

/**
 * {@code docsassistant.v1.AssistantService}: the gRPC twin of the assistant, search and page routes,
 * over the same {@link AssistantService} core, the same request rules and the same site search.
 */
public final class AssistantGrpcService implements GrpcService {
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
    public Descriptors.FileDescriptor proto() {
        return AssistantProto.getDescriptor();
    }

    @Override
    public String serviceName() {
        return AssistantServiceGrpc.SERVICE_NAME;
    }

    @Override
    public void update(Routing routing) {
        routing.serverStream("CreateMessage", this::createMessage)
                .unary("Search", this::search)
                .unary("GetPage", this::getPage)
                .unary("SubmitFeedback", this::submitFeedback);
    }

    void createMessage(CreateMessageRequest request, StreamObserver<MessageEvent> observer) {
        // With a handler set, writes after a cancel are dropped instead of thrown; the context says when to stop.
        ((ServerCallStreamObserver<MessageEvent>) observer).setOnCancelHandler(() -> { });
        Context call = Context.current();
        try {
            if (request.getSerializedSize() > rules.limits().maxBodyBytes()) {
                throw Status.RESOURCE_EXHAUSTED.withDescription("request is larger than " + rules.limits().maxBodyBytes() + " bytes")
                        .asRuntimeException();
            }
            AssistantService.Accepted accepted = assistant.accept(rules.check(ProtoRequests.draft(request)));
            ProtoEventStream events = new ProtoEventStream(observer, call, accepted.threadKey(), reasoning);
            assistant.answer(accepted, events);
            if (!events.ended()) {
                // Abandoned: the client cancelled or the deadline passed; the core has stopped.
                boolean deadline = ProtoEventStream.deadlinePassed(call);
                closeQuietly(observer, (deadline ? Status.DEADLINE_EXCEEDED : Status.CANCELLED)
                        .withDescription(deadline ? "deadline exceeded" : "cancelled by the client"));
            }
        } catch (RuntimeException e) {
            observer.onError(GrpcErrors.toStatus(e, "CreateMessage"));
        }
    }

    void search(dev.docsassistant.proto.v1.SearchRequest request, StreamObserver<SearchResponse> observer) {
        unary(observer, "Search", () -> {
            Site site = site(request.getDomain());
            SearchRequest search = SearchRules.search(ProtoRequests.unset(request.getQuery()),
                    ProtoRequests.unset(request.getPageSize()), ProtoRequests.unset(request.getScoreThreshold()),
                    request.hasFilter() ? ProtoRequests.filter(request.getFilter()) : null);
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

    void getPage(GetPageRequest request, StreamObserver<Page> observer) {
        unary(observer, "GetPage", () -> {
            Site site = site(request.getDomain());
            String path = SearchRules.pagePath(ProtoRequests.unset(request.getPath()));
            PageContent page = site.search().page(path, SearchRules.groups(request.getGroupsList()))
                    .orElseThrow(() -> Status.NOT_FOUND.withDescription("page not found: " + path).asRuntimeException());
            return Page.newBuilder().setPath(page.path()).setContent(page.content()).build();
        });
    }

    void submitFeedback(SubmitFeedbackRequest request, StreamObserver<SubmitFeedbackResponse> observer) {
        unary(observer, "SubmitFeedback", () -> {
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

    private static <T> void unary(StreamObserver<T> observer, String method, Supplier<T> work) {
        T response;
        try {
            response = work.get();
        } catch (RuntimeException e) {
            observer.onError(GrpcErrors.toStatus(e, method));
            return;
        }
        observer.onNext(response);
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
