package dev.docsassistant.git;

import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.AndTreeFilter;
import org.eclipse.jgit.treewalk.filter.PathFilter;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * When each file of a commit's tree was last changed on its branch: the time of the newest commit,
 * following first parents (when a change reached the branch, a merge's time for a side branch's
 * work), whose tree differs from its parent's at that file, as Mintlify dates a page's "Last
 * modified". Only the history this repository holds is read: at a shallow clone's boundary (or past
 * {@link #MAX_COMMITS}) the files left get that commit's time.
 */
final class CommitDates {
    /** Bounds the walk on a long history; a file unchanged for longer gets the last commit walked. */
    static final int MAX_COMMITS = 20_000;

    private CommitDates() {
    }

    /**
     * @param prefix the folder of the docs in the repository ({@code ""} for its root)
     * @param files  paths relative to {@code prefix}, '/'-separated
     * @return each of {@code files} with its time
     */
    static Map<String, Instant> of(Repository repo, RevCommit head, String prefix, Set<String> files) throws IOException {
        Map<String, Instant> dates = new HashMap<>();
        Set<String> open = new HashSet<>(files);
        String base = prefix.isEmpty() ? "" : prefix + "/";
        try (RevWalk walk = new RevWalk(repo)) {
            walk.setFirstParent(true);
            walk.markStart(walk.parseCommit(head));
            int walked = 0;
            RevCommit last = null;
            for (RevCommit commit : walk) {
                last = commit;
                RevCommit parent = parent(walk, commit);
                if (parent == null || ++walked > MAX_COMMITS) {
                    break;
                }
                try (TreeWalk diff = new TreeWalk(repo)) {
                    diff.addTree(parent.getTree());
                    diff.addTree(commit.getTree());
                    diff.setRecursive(true);
                    diff.setFilter(prefix.isEmpty() ? TreeFilter.ANY_DIFF
                            : AndTreeFilter.create(PathFilter.create(prefix), TreeFilter.ANY_DIFF));
                    while (diff.next()) {
                        String path = diff.getPathString();
                        if (path.startsWith(base) && open.remove(path.substring(base.length()))) {
                            dates.put(path.substring(base.length()), time(commit));
                        }
                    }
                }
                if (open.isEmpty()) {
                    return dates;
                }
            }
            if (last != null) {
                for (String file : open) {
                    dates.put(file, time(last)); // added in the first commit, or older than the history held
                }
            }
        }
        return dates;
    }

    /** The first parent with its tree, or null for a root commit or one whose parent this repository lacks (shallow). */
    private static RevCommit parent(RevWalk walk, RevCommit commit) throws IOException {
        if (commit.getParentCount() == 0) {
            return null;
        }
        try {
            return walk.parseCommit(commit.getParent(0));
        } catch (MissingObjectException e) {
            return null;
        }
    }

    private static Instant time(RevCommit commit) {
        return Instant.ofEpochSecond(commit.getCommitTime());
    }
}
