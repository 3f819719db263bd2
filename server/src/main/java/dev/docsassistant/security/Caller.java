package dev.docsassistant.security;

/**
 * Who a granted API request is: the organisation and key it was made with, and the client address
 * it was counted under.
 */
public record Caller(String organization, String keyId, ClientAddress address) {
}
