/**
 * Who may do what: API keys and page keys, rate limits and quotas, client addresses behind trusted
 * proxies, origins, dashboard accounts and sessions.
 */
package dev.docsassistant.security;
