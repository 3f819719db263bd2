package dev.docsassistant.server;

import dev.docsassistant.app.StartRefused;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Whether a port is free, asked before a server opens its store: Helidon only logs a port it cannot
 * bind and starts anyway, so a second server on a taken port would otherwise index, replace the first
 * one's page keys and exit 0. The probe binds as the server will (address reuse on, as Helidon's
 * listeners), so a port left in TIME_WAIT by a server just stopped counts as free.
 */
public final class PortCheck {
    private PortCheck() {
    }

    /**
     * @param what the listener, for the message ({@code the port}, {@code the management port})
     * @param how  how to choose another ({@code --port N})
     * @throws StartRefused when something listens on {@code host:port} already; port 0 (any free one) is never taken
     */
    public static void requireFree(String host, int port, String what, String how) {
        if (port <= 0) {
            return;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(host, port));
        } catch (BindException e) {
            throw new StartRefused(what + " " + port + " (on " + host + ") is in use: another server listens there. "
                    + "Stop it, or choose another with " + how + " (0 picks a free one). Nothing was started.");
        } catch (IOException e) {
            // not a taken port (an address not of this machine, say): the server's own start reports it
        }
    }
}
