package dev.docsassistant.assistant;

import dev.docsassistant.security.Caller;

import java.util.List;
import java.util.Optional;

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
 * @param reader         the signed-in reader's identity recorded with the answers ({@code security.Caller#reader}):
 *                       empty unless the site records readers' identities; never part of reaching a thread
 */
public record ThreadCaller(String owner, boolean needsThreadKey, List<String> groups, Optional<String> reader) {
    /** A caller no access check vouched for (a service wired without one): it proves itself with thread keys alone. */
    public static final ThreadCaller UNCHECKED = new ThreadCaller("unchecked", true, List.of());

    public ThreadCaller {
        groups = List.copyOf(groups);
    }

    /** A caller no reader's identity is recorded for. */
    public ThreadCaller(String owner, boolean needsThreadKey, List<String> groups) {
        this(owner, needsThreadKey, groups, Optional.empty());
    }

    /** The thread identity of a granted caller; {@link #UNCHECKED} for null. */
    public static ThreadCaller of(Caller caller) {
        if (caller == null) {
            return UNCHECKED;
        }
        if (caller.publicSite().isPresent() || caller.keyId() == null) {
            return new ThreadCaller("pages:" + caller.publicSite().orElse(caller.organization()), true, caller.groups(),
                    caller.reader());
        }
        return new ThreadCaller("key:" + caller.keyId(), false, caller.groups(), caller.reader());
    }

    /** A private key's identity, for callers inside the process (tools, benchmarks) that hold no request. */
    public static ThreadCaller key(String keyId, List<String> groups) {
        return new ThreadCaller("key:" + keyId, false, groups);
    }

    /** Never the reader's identity: a caller may end up in a log line. */
    @Override
    public String toString() {
        return "ThreadCaller[" + owner + ", groups " + groups + (reader.isPresent() ? ", a recorded reader" : "") + "]";
    }
}
