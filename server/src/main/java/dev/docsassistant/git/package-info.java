/**
 * Git as a site's source: the {@code git} settings, a checkout per site (clone on first use, fetch
 * afterwards, each deployment a fresh export of one commit's tree), the push webhook's signature and
 * payloads, preview names for other branches, and polling for hosts without webhooks. It hands the
 * exported folders to the deployments core through {@link dev.docsassistant.git.GitDeployer}.
 */
package dev.docsassistant.git;
