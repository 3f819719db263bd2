package dev.docsassistant.grpc;

import dev.docsassistant.proto.v1.CreateMessageRequest;
import dev.docsassistant.proto.v1.Message;
import dev.docsassistant.proto.v1.MessagePart;
import dev.docsassistant.proto.v1.Role;
import dev.docsassistant.proto.v1.TextPart;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.stub.AbstractStub;
import io.grpc.stub.MetadataUtils;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;

import java.util.concurrent.TimeUnit;

/** A stock grpc-java client (Netty, plaintext HTTP/2) to a test server, and request builders. */
final class GrpcClients {
    private GrpcClients() {
    }

    static ManagedChannel channel(int port) {
        return NettyChannelBuilder.forAddress("localhost", port).usePlaintext().build();
    }

    static void close(ManagedChannel channel) throws InterruptedException {
        if (channel != null) {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /** A stub sending {@code authorization} with every call. */
    static <S extends AbstractStub<S>> S authorized(S stub, String authorization) {
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), authorization);
        return stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
    }

    static CreateMessageRequest.Builder question(String domain, String text) {
        return CreateMessageRequest.newBuilder().setDomain(domain).setFp("anonymous")
                .addMessages(Message.newBuilder().setId("m1").setRole(Role.ROLE_USER)
                        .addParts(MessagePart.newBuilder().setText(TextPart.newBuilder().setText(text))));
    }
}
