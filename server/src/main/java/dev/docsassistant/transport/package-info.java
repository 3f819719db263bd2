/**
 * Workarounds for Helidon 4.4.0 behaviour, kept in one place so that a Helidon upgrade says what can
 * be deleted. Each is watched by a canary test ({@code HelidonHttpCanaryTest}, {@code HelidonGrpcCanaryTest})
 * that runs plain Helidon and asserts the behaviour is still there: when a canary fails, Helidon has
 * changed, and its message names the workaround to delete.
 *
 * <table>
 * <caption>Each workaround, the Helidon 4.4.0 behaviour it works around, and the upstream issue</caption>
 * <tr><th>Class</th><th>Helidon 4.4.0 behaviour</th><th>Upstream</th><th>Canary</th></tr>
 * <tr><td>{@link dev.docsassistant.transport.ChunkedBodyReader}</td>
 *     <td>The HTTP/1.1 connection takes a whole chunk-size line for hex, so a legal chunk extension
 *     ({@code 5;name=value}) is a 400.</td>
 *     <td>no upstream issue found</td><td>{@code chunkExtensionsAreRefused}</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.Http1Context}</td>
 *     <td>After the last chunk the connection wants an empty line, so a request with a legal trailer
 *     field gets no answer at all; this context hands the connection a {@code ChunkedBodyReader}
 *     instead of Helidon's reader (and the HTTP/1.0 reader and writer below).</td>
 *     <td>no upstream issue found</td><td>{@code trailerFieldsAreNotRead}</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.Http10Source}, {@link dev.docsassistant.transport.Http10Writer}</td>
 *     <td>The HTTP/1.1 connection answers every {@code HTTP/1.0} request line with 505 (HAProxy's
 *     {@code httpchk}, nginx's default {@code proxy_http_version}, ApacheBench and {@code curl -0} send
 *     it); its answers of unknown length are chunked, which HTTP/1.0 lacks. The source rewrites the
 *     heads of a connection that starts with HTTP/1.0, the writer takes the chunking off its answers
 *     and closes the connection to end them.</td>
 *     <td>no upstream issue found (Helidon's {@code Http1Prologue} refuses 1.0 on purpose)</td>
 *     <td>{@code anHttp10RequestIsDroppedWithoutAnAnswer}</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.QuietConnectionLog}</td>
 *     <td>A client that resets its connection mid-answer is logged as a WARNING with its stack trace
 *     (by {@code ErrorHandlers} and {@code ConnectionHandler}); those become {@link
 *     dev.docsassistant.transport.PeerGone} lines (FINE, counted), the rest is rate-limited.</td>
 *     <td>no upstream issue found</td><td>none: {@code ResetStormTest} shows the records</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.Http1Selector}</td>
 *     <td>Helidon's own selectors drop without a word a request line ending in {@code HTTP/1.0} (or
 *     not HTTP, or longer than a buffer), and hold open one shorter than the HTTP/2 preface; it also
 *     is where the HTTP/1.1 connection gets the context above.</td>
 *     <td>no upstream issue found (helidon-io/helidon#9715 answers 505 only when HTTP/1.1 is the sole
 *     protocol)</td><td>{@code anHttp10RequestIsDroppedWithoutAnAnswer}</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.JsonDirectHandler}</td>
 *     <td>Errors Helidon raises before any route runs (bad request line or headers, URI too long, a
 *     bad chunk) are answered {@code text/plain} or empty, not with the {@code {"message"}} JSON of
 *     every route. A product choice more than a bug: it stays unless Helidon's bodies become JSON.</td>
 *     <td>no upstream issue found</td><td>{@code itsOwnErrorsAreNotJson}</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.ConnectionGuard}</td>
 *     <td>A {@code Connection: close} answer is sent but the socket stays open; there is no deadline
 *     for a request's headers or its body, so a slow HTTP/1 client holds its connection, and no limit
 *     of connections per address. Both listeners have one: the public port and the management
 *     listener (health details, metrics), the latter without the per-address limit.</td>
 *     <td>helidon-io/helidon#12324 (the open socket; closed upstream, after 4.4.0); no issue found
 *     for the deadlines</td><td>{@code aConnectionCloseRequestLeavesTheSocketOpen}</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.GuardedSocketOptions}</td>
 *     <td>No hook tells the application of an accepted connection; the socket options' {@code configureSocket}
 *     is the one place that sees each socket before a byte is read.</td>
 *     <td>no upstream issue found</td><td>{@code noListenerHookSeesAnAcceptedConnection}</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.RequestFraming}</td>
 *     <td>Body framing is misread before a route reads the body: {@code Content-Length: -1} taken for
 *     chunked (the read waits forever), two lengths, a length beside {@code Transfer-Encoding} (the
 *     request-smuggling shape) and codings other than {@code chunked} are all accepted.</td>
 *     <td>no upstream issue found</td><td>{@code bothContentLengthAndTransferEncodingAreAccepted}</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.PeerProbe}</td>
 *     <td>A route cannot learn that its client closed the connection until it writes; an answer
 *     waiting for its first token writes nothing.</td>
 *     <td>no upstream issue found</td><td>{@code aRouteCannotAskWhetherItsClientLeft}</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.SharedMappers}</td>
 *     <td>Until a mapper manager is set, {@code MapperManager.global()} takes one from the service registry,
 *     which makes a new one (configuration, every mapper provider looked up) at each lookup; the HTTP/1.1
 *     connection reads every request's {@code Content-Length} through it: 0.1–0.2 ms of CPU per request.</td>
 *     <td>no upstream issue found</td><td>{@code eachMapperManagerLookupMakesANewOne}</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.CallContexts}</td>
 *     <td>The gRPC server never parses {@code grpc-timeout} and gives handlers no cancellable
 *     {@code Context}: the client's deadline and cancel never reach the handler.</td>
 *     <td>helidon-io/helidon#11698</td><td>{@code theClientsDeadlineDoesNotReachTheHandler}</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.StatusMessages}</td>
 *     <td>The status description is written into {@code grpc-message} as it is, not percent-encoded as
 *     the gRPC protocol requires, so non-ASCII text and {@code %} reach clients garbled.</td>
 *     <td>helidon-io/helidon#12467</td><td>{@code statusDescriptionsAreNotPercentEncoded}</td></tr>
 * <tr><td>{@link dev.docsassistant.transport.HelidonGrpcLog}</td>
 *     <td>A request message the gRPC handler cannot read (over its 2 MiB read buffer, or undecodable)
 *     is logged at SEVERE with a hex dump of each frame.</td>
 *     <td>helidon-io/helidon#11720 (fixed upstream by helidon-io/helidon#12534, after 4.4.0)</td>
 *     <td>{@code anUnreadableRequestIsLoggedAsSevereWithItsBytes}</td></tr>
 * </table>
 *
 * <p>{@link dev.docsassistant.transport.ConnectionSettings} is the settings record of the connection
 * guard, {@link dev.docsassistant.transport.LingeringClose} its way of closing a connection whose
 * refused body may still be coming, and {@link dev.docsassistant.transport.RateLimitedLog} a log
 * filter anyone may use; none is a workaround of its own.
 */
package dev.docsassistant.transport;
