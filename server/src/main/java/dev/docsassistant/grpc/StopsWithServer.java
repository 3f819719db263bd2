package dev.docsassistant.grpc;

import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.HttpFeature;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.spi.ServerFeature;

/**
 * Runs {@code stop} once the server has stopped, so what the edge owns (a scheduler) does not
 * outlive it. Helidon calls routing features after stop; this hooks one onto the default listener.
 */
final class StopsWithServer implements ServerFeature {
    private final String name;
    private final Runnable stop;

    StopsWithServer(String name, Runnable stop) {
        this.name = name;
        this.stop = stop;
    }

    @Override
    public void setup(ServerFeatureContext context) {
        context.socket(WebServer.DEFAULT_SOCKET_NAME).httpRouting().addFeature(new HttpFeature() {
            @Override
            public void setup(HttpRouting.Builder routing) {
            }

            @Override
            public void afterStop() {
                stop.run();
            }
        });
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String type() {
        return "stops-with-server";
    }
}
