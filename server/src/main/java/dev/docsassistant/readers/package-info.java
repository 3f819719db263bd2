/**
 * Readers' sign-in to a site's pages ({@code sites[].reader-auth}): private docs and personalization.
 *
 * <ul>
 *   <li>{@link dev.docsassistant.readers.ReaderAuthSettings}: each site's method ({@code password},
 *       {@code oidc}, {@code jwt}, {@code jwt-personalization}) and its settings; secrets from the
 *       environment ({@code ${NAME}}) or the admin API, never docs.json.</li>
 *   <li>{@link dev.docsassistant.readers.Reader}: a signed-in reader in the user data format
 *       ({@link dev.docsassistant.readers.UserData} reads it: {@code expiresAt}, {@code groups},
 *       {@code content}, {@code apiPlaygroundInputs}); its {@link dev.docsassistant.readers.Reader#accessGroups()}
 *       are its groups plus {@code content.Page#SIGNED_IN}.</li>
 *   <li>{@link dev.docsassistant.readers.ReaderSessions}: server-side sessions (store table
 *       {@code reader_sessions}, cached in memory), a random token in the
 *       {@link dev.docsassistant.readers.ReaderCookie} of the site's host; sign everyone out per site.</li>
 *   <li>{@link dev.docsassistant.readers.ReaderAuthMethod}: a sign-in method. The routes (package
 *       {@code rest}, {@code ReaderRoutes}) own the sign-in page, {@code redirect}
 *       ({@link dev.docsassistant.readers.SafeRedirect}), the state cookie and one use of each
 *       {@link dev.docsassistant.readers.SignInAttempt} ({@link dev.docsassistant.readers.SignInAttempts}:
 *       state, nonce and PKCE verifier made for the method), the session and logout.</li>
 *   <li>{@link dev.docsassistant.readers.SiteReaders}: all of it per site, and the one way a request's
 *       reader becomes the access groups it reads.</li>
 * </ul>
 *
 * <p>How pages stay private: where a site asks readers to sign in ({@code config.ReaderAccess#SIGN_IN}),
 * every page without groups that is not marked {@code public: true} is loaded with the group
 * {@code @signed-in} ({@code content.SiteContent#forReaders}), so search, the assistant, MCP, agents'
 * files and rendering, which already show a page only to callers holding one of its groups, leave it
 * out for anyone not signed in. A request of the site's pages or of its API from those pages reads the
 * groups of {@link dev.docsassistant.readers.SiteReaders#reader}, never groups the request names. On
 * the loopback names, where the cookie's path is the site's ({@code /sites/{domain}/}), the pages call
 * their API under that path ({@code /sites/{domain}/_api/v1/…}, {@code rest.SiteApiPath}), so the cookie
 * goes with those calls and nowhere else.
 *
 * <p>Readers' identities: a reader's id ({@code sub}) is kept, in the session and with what they ask
 * ({@code security.Caller#reader}, then {@code insights.AnswerRecord#reader}), only where the site sets
 * {@code record-identity}; {@link dev.docsassistant.readers.SiteReaders#open} drops it from the session
 * otherwise and {@link dev.docsassistant.readers.SiteReaders#recordedIdentity} is the one place a
 * request's reader becomes an identity to record.
 *
 * <p>{@link dev.docsassistant.readers.OidcMethod}: OpenID Connect through Nimbus' OAuth 2.0 / OIDC SDK (the
 * provider by discovery, {@link dev.docsassistant.readers.OidcProvider}); every call to a provider goes
 * through the {@code egress} policy ({@link dev.docsassistant.readers.ProviderHttp}), one request each.
 *
 * <p>Adding a method (OpenID Connect): implement {@link dev.docsassistant.readers.ReaderAuthMethod}
 * ({@code form()} {@code REDIRECT}; {@code start} builds the authorization request from the attempt's
 * state, nonce, PKCE verifier and callback URI; {@code finish} exchanges {@code params.get("code")},
 * validates the ID token (nonce, issuer, audience) and returns the {@link dev.docsassistant.readers.Reader}
 * from the groups claim or the Info API through {@link dev.docsassistant.readers.UserData#read};
 * {@code logout()} the configured URL) and make it in {@code ReaderMethodFactory}'s switch. The
 * callback route is {@code /login/callback} on the site's host ({@code /sites/{domain}/login/callback}
 * on loopback names).
 */
package dev.docsassistant.readers;
