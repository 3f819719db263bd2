/**
 * The gRPC edge: {@code docsassistant.v1.AssistantService} over the same core and rules as REST,
 * its access interceptor, error statuses and metrics, health and reflection.
 */
package dev.docsassistant.grpc;
