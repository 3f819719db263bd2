/**
 * Persistence: SQLite embedded or PostgreSQL in a fleet (JDBC, HikariCP, Flyway migrations),
 * background writes, PostgreSQL notifications and Redis for shared limits.
 */
package dev.docsassistant.store;
