package dev.docsassistant.cli;

import dev.docsassistant.app.App;
import io.helidon.webserver.WebServer;
import sun.misc.Signal;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;

/**
 * Stops {@code serve} without cutting answers short: on SIGTERM (or SIGINT) readiness turns down at
 * once and new requests get 503, open answers may finish for up to {@code server.drain-timeout};
 * those still open then end with their error event; the port closes, the store closes, and the
 * process exits 0. Any other exit (System.exit, a second signal) still closes the port and the store.
 */
final class GracefulStop {
    private static final Logger LOG = Logger.getLogger(GracefulStop.class.getName());
    /** Time given to expired answers to write their error event before the port closes. */
    private static final Duration LAST_WORDS = Duration.ofSeconds(2);

    private final App app;
    private final WebServer server;
    private final Runnable beforeStop;
    private final Duration drainTimeout;
    private final AtomicBoolean draining = new AtomicBoolean();
    private final AtomicBoolean stopped = new AtomicBoolean();

    GracefulStop(App app, WebServer server, Runnable beforeStop, Duration drainTimeout) {
        this.app = app;
        this.server = server;
        this.beforeStop = beforeStop;
        this.drainTimeout = drainTimeout;
    }

    void onSignals() {
        Runtime.getRuntime().addShutdownHook(new Thread(this::stop, "shutdown"));
        for (String name : new String[] {"TERM", "INT"}) {
            Signal.handle(new Signal(name), signal -> {
                if (draining.compareAndSet(false, true)) {
                    Thread.ofPlatform().name("drain").start(() -> {
                        drain();
                        System.exit(0);
                    });
                } else {
                    LOG.info("second SIG" + name + ": stopping now");
                    System.exit(0);
                }
            });
        }
    }

    private void drain() {
        app.state().startDrain();
        var open = app.assistant().openAnswers();
        LOG.info("draining: readiness is down, new requests get 503; " + open.count()
                + " open answer(s) may finish within " + drainTimeout.toSeconds() + " s");
        try {
            if (!open.awaitNone(drainTimeout)) {
                LOG.warning(open.count() + " answer(s) still open after " + drainTimeout.toSeconds()
                        + " s; ending them with an error event");
                open.expire();
                open.awaitNone(LAST_WORDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stop();
        LOG.info("drained and stopped");
    }

    private void stop() {
        if (stopped.compareAndSet(false, true)) {
            beforeStop.run();
            server.stop();
            app.close();
        }
    }
}
