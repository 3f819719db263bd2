/**
 * The request rules every edge applies after decoding its wire format, so REST and gRPC accept
 * exactly the same requests; a broken rule names its field.
 */
package dev.docsassistant.request;
