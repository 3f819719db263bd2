package dev.docsassistant.grpc;

import dev.docsassistant.assistant.AnswerAbandoned;
import dev.docsassistant.assistant.AnswerSource;
import dev.docsassistant.assistant.AssistantEvents;
import dev.docsassistant.insights.Channel;
import dev.docsassistant.proto.v1.MessageEvent;
import dev.docsassistant.proto.v1.MessageFinish;
import dev.docsassistant.proto.v1.MessageStart;
import dev.docsassistant.proto.v1.ReasoningDelta;
import dev.docsassistant.proto.v1.Source;
import dev.docsassistant.proto.v1.TextDelta;
import io.grpc.Context;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;

/**
 * Encodes assistant events as {@link MessageEvent}s of a server stream. Before each event it checks
 * the call's context: once the client has cancelled or its deadline has passed, it throws
 * {@link AnswerAbandoned} so the core stops producing.
 */
final class ProtoEventStream implements AssistantEvents {
    private final StreamObserver<MessageEvent> out;
    private final Context call;
    private final String threadKey;
    private final boolean reasoning;
    private boolean ended;

    /**
     * @param threadKey the key of a thread this message creates, or null
     * @param reasoning relay the model's reasoning as {@code reasoning_delta} events ({@code stream.reasoning})
     */
    ProtoEventStream(StreamObserver<MessageEvent> out, Context call, String threadKey, boolean reasoning) {
        this.out = out;
        this.call = call;
        this.threadKey = threadKey;
        this.reasoning = reasoning;
    }

    @Override
    public boolean relaysReasoning() {
        return reasoning;
    }

    @Override
    public void reasoning(String delta) {
        send(MessageEvent.newBuilder().setReasoningDelta(ReasoningDelta.newBuilder().setDelta(delta)).build());
    }

    @Override
    public Channel channel() {
        return Channel.GRPC;
    }

    @Override
    public void start(String messageId, String threadId) {
        MessageStart.Builder start = MessageStart.newBuilder().setMessageId(messageId).setThreadId(threadId);
        if (threadKey != null) {
            start.setThreadKey(threadKey);
        }
        send(MessageEvent.newBuilder().setStart(start).build());
    }

    @Override
    public void source(AnswerSource source) {
        send(MessageEvent.newBuilder().setSource(Source.newBuilder().setSourceId(source.id()).setUrl(source.url())
                .setTitle(source.title()).setPath(source.path())).build());
    }

    @Override
    public void text(String delta) {
        send(MessageEvent.newBuilder().setTextDelta(TextDelta.newBuilder().setDelta(delta)).build());
    }

    @Override
    public void finish(String threadId) {
        send(MessageEvent.newBuilder().setFinish(MessageFinish.newBuilder().setThreadId(threadId)).build());
        ended = true;
        out.onCompleted();
    }

    @Override
    public void error(String message) {
        checkOpen();
        ended = true;
        out.onError(Status.UNAVAILABLE.withDescription(message).asRuntimeException());
    }

    private void send(MessageEvent event) {
        checkOpen();
        out.onNext(event);
    }

    private void checkOpen() {
        if (call.isCancelled()) {
            throw new AnswerAbandoned(deadlinePassed(call) ? "deadline exceeded" : "cancelled by the client");
        }
    }

    /** Whether the stream was closed with {@code finish} or {@code error}; not when the answer was abandoned. */
    boolean ended() {
        return ended;
    }

    static boolean deadlinePassed(Context call) {
        return call.getDeadline() != null && call.getDeadline().isExpired();
    }

}
