package dev.docsassistant.assistant;

import dev.docsassistant.security.Caller;

import java.util.List;

/**
 * Who asks, as a thread knows it: the owner a new thread is given, and what a caller must be to
 * reach an existing one. A private key owns its threads by its id. A key a site's pages embed is
 * held by every reader of the site, so it proves no one in particular: a thread made with it belongs
 * to the visitor holding the thread's key (given out with the first answer, stored only as a hash),
 * and that key must come with every follow-up and resume.
 *
 * @param owner          stored with the thread: {@code key:{id}}, or {@code pages:{domain}} for a public key
 * @param needsThreadKey whether reaching a thread takes its key whatever {@code threads.require-key} says
 * @param groups         the access groups the caller's key may read; a thread is reached only by a
 *                       caller whose groups cover those its answers read
 */
public record ThreadCaller(String owner, boolean needsThreadKey, List<String> groups) {
    /** A caller no access check vouched for (a service wired without one): it proves itself with thread keys alone. */
    public static final ThreadCaller UNCHECKED = new ThreadCaller("unchecked", true, List.of());

    public ThreadCaller {
        groups = List.copyOf(groups);
    }

    /** The thread identity of a granted caller; {@link #UNCHECKED} for null. */
    public static ThreadCaller of(Caller caller) {
        if (caller == null) {
            return UNCHECKED;
        }
        if (caller.publicSite().isPresent() || caller.keyId() == null) {
            return new ThreadCaller("pages:" + caller.publicSite().orElse(caller.organization()), true, caller.groups());
        }
        return new ThreadCaller("key:" + caller.keyId(), false, caller.groups());
    }

    /** A private key's identity, for callers inside the process (tools, benchmarks) that hold no request. */
    public static ThreadCaller key(String keyId, List<String> groups) {
        return new ThreadCaller("key:" + keyId, false, groups);
    }
}
