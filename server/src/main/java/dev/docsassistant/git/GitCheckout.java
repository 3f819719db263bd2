package dev.docsassistant.git;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.docsassistant.egress.Egress;
import dev.docsassistant.egress.EgressRefused;
import dev.docsassistant.egress.Use;
import org.eclipse.jgit.api.FetchCommand;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.api.errors.JGitInternalException;
import org.eclipse.jgit.errors.RepositoryNotFoundException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.transport.CredentialsProvider;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.TagOpt;
import org.eclipse.jgit.transport.UsernamePasswordCredentialsProvider;
import org.eclipse.jgit.treewalk.TreeWalk;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The sites' Git work folders under {@code <data-dir>/git/<domain>/}: a bare repository
 * ({@code repo.git}) made on first use and fetched into afterwards, one branch at a time and shallow
 * (depth 1), and {@code exports/}, where each checkout writes a fresh folder with one commit's tree at
 * the settings' {@code path}. A commit older than the head, or a site showing a page's last change
 * (docs.json {@code metadata.timestamp}, a page's {@code timestamp: true}), fetches the branch's
 * history, which is kept from then on.
 * Each exported file's time is its last commit's ({@link CommitDates}), else the head commit's. Only
 * regular files are exported: symbolic links (which could point out of the tree) and submodules are
 * left out. Checkouts of one site take turns; sites do not wait on
 * each other. Every remote is checked by the egress policy first: a local folder must be one it allows,
 * and each HTTP connection JGit opens (redirects included) is checked again.
 */
public final class GitCheckout {
    /** A network operation slower than this fails rather than hold the site's turn. */
    static final int TIMEOUT_SECONDS = 120;
    /** A docs tree larger than this is refused rather than fill the disk. */
    static final long MAX_EXPORT_BYTES = 1L << 30;

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A front-matter line {@code timestamp: true}. */
    private static final Pattern TIMESTAMP_ON = Pattern.compile("timestamp:\\s*(true|\"true\"|'true')\\s*(#.*)?");

    private final Path root;
    private final Function<String, String> environment;
    private final Egress egress;
    private final CheckedHttpConnections connections;
    private final Map<String, ReentrantLock> turns = new ConcurrentHashMap<>();

    /**
     * @param root        {@code <data-dir>/git}
     * @param environment reads the variable named by {@code credentials-env} ({@code System::getenv})
     * @param egress      the policy every remote and connection is checked by
     */
    public GitCheckout(Path root, Function<String, String> environment, Egress egress) {
        this.root = root;
        this.environment = environment;
        this.egress = egress;
        this.connections = new CheckedHttpConnections(egress);
    }

    /**
     * Whether the egress policy lets Git sources reach {@code url} (a local folder it allows, or a host
     * that resolves to allowed addresses).
     *
     * @throws EgressRefused with the one message of its kind
     */
    public void permit(String url) {
        if (url.startsWith("/")) {
            egress.localFolder(Use.GIT, Path.of(url));
            return;
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            egress.check(Use.GIT, url); // refused as malformed
            return;
        }
        if ("file".equalsIgnoreCase(uri.getScheme())) {
            egress.localFolder(Use.GIT, uri);
            return;
        }
        egress.check(Use.GIT, uri);
    }

    /** {@link #permit} before a network operation, its refusal a reason for the deployment. */
    private void permitted(GitSettings settings) {
        try {
            permit(settings.url());
        } catch (EgressRefused e) {
            throw new GitSourceException("cannot fetch from " + settings.url() + ": git.url " + e.getMessage());
        }
    }

    /** The commit the remote's {@code branch} is at, asked without fetching anything. */
    public String head(GitSettings settings, String branch) {
        permitted(settings);
        Collection<Ref> heads;
        try {
            heads = Git.lsRemoteRepository().setRemote(settings.url()).setHeads(true).setTimeout(TIMEOUT_SECONDS)
                    .setCredentialsProvider(credentials(settings)).setTransportConfigCallback(connections::configure).call();
        } catch (GitAPIException | JGitInternalException e) {
            throw unreachable(settings, e);
        }
        return heads.stream().filter(r -> r.getName().equals(Constants.R_HEADS + branch)).findFirst()
                .map(r -> r.getObjectId().name())
                .orElseThrow(() -> new GitSourceException("branch '" + branch + "' does not exist in " + settings.url()));
    }

    /**
     * Fetches {@code branch} and exports a tree: the branch's head, or {@code commit} when given (then
     * fetched with the branch's whole history if the shallow fetch did not bring it).
     *
     * @param commit a full commit id, or null for the branch's head
     * @throws GitSourceException with the reason when the URL is not reachable, or the branch, the commit,
     *                            the path or its docs.json is missing
     */
    public CheckedOut checkout(String domain, GitSettings settings, String branch, String commit) {
        ReentrantLock turn = turns.computeIfAbsent(domain, d -> new ReentrantLock());
        turn.lock();
        try (Repository repo = open(siteFolder(domain).resolve("repo.git"))) {
            ObjectId target = ObjectId.fromString(head(settings, branch));
            if (!repo.getObjectDatabase().has(target)) {
                fetch(repo, settings, branch, false);
            }
            if (commit != null) {
                if (!ObjectId.isId(commit)) {
                    throw new GitSourceException("'" + commit + "' is not a full commit id");
                }
                target = ObjectId.fromString(commit);
                if (!repo.getObjectDatabase().has(target)) {
                    fetch(repo, settings, branch, true);
                }
                if (!repo.getObjectDatabase().has(target)) {
                    throw new GitSourceException("commit " + commit + " is not in the history of branch '" + branch
                            + "' of " + settings.url());
                }
            }
            return export(repo, settings, branch, target, siteFolder(domain).resolve("exports"));
        } catch (IOException e) {
            throw new GitSourceException("the Git work folder of site '" + domain + "' could not be used: " + e.getMessage(), e);
        } finally {
            turn.unlock();
        }
    }

    /** {@code <data-dir>/git/<domain>}. */
    Path siteFolder(String domain) {
        if (!domain.matches("[a-z0-9][a-z0-9-]{0,62}")) {
            throw new IllegalArgumentException("not a site domain: " + domain);
        }
        return root.resolve(domain);
    }

    private static Repository open(Path folder) throws IOException {
        try {
            return Git.open(folder.toFile()).getRepository();
        } catch (RepositoryNotFoundException e) {
            Files.createDirectories(folder);
            try {
                return Git.init().setBare(true).setDirectory(folder.toFile()).call().getRepository();
            } catch (GitAPIException ex) {
                throw new IOException("cannot create a repository in " + folder + ": " + ex.getMessage(), ex);
            }
        }
    }

    /** @param history the branch's whole history (for an older commit) rather than its head alone */
    private void fetch(Repository repo, GitSettings settings, String branch, boolean history) throws IOException {
        permitted(settings);
        try (Git git = new Git(repo)) {
            FetchCommand fetch = git.fetch().setRemote(settings.url())
                    .setRefSpecs(new RefSpec("+" + Constants.R_HEADS + branch + ":" + Constants.R_REMOTES + "origin/" + branch))
                    .setTagOpt(TagOpt.NO_TAGS).setTimeout(TIMEOUT_SECONDS).setCredentialsProvider(credentials(settings))
                    .setTransportConfigCallback(connections::configure);
            boolean shallow = !repo.getObjectDatabase().getShallowCommits().isEmpty();
            if (history && shallow) {
                fetch.setUnshallow(true);
            } else if (!history && (shallow || empty(repo))) {
                fetch.setDepth(1); // a history fetched once (an older commit, the pages' dates) is kept up to date instead
            }
            fetch.call();
        } catch (GitAPIException | JGitInternalException e) {
            throw unreachable(settings, e);
        }
    }

    private CheckedOut export(Repository repo, GitSettings settings, String branch, ObjectId commitId, Path exports)
            throws IOException {
        String at = "branch '" + branch + "' at " + commitId.abbreviate(12).name();
        try (RevWalk walk = new RevWalk(repo)) {
            RevCommit commit = walk.parseCommit(commitId);
            ObjectId tree = commit.getTree();
            if (!settings.path().isEmpty()) {
                try (TreeWalk found = TreeWalk.forPath(repo, settings.path(), tree)) {
                    if (found == null) {
                        throw new GitSourceException("path '" + settings.path() + "' does not exist in " + at);
                    }
                    if (!found.getFileMode(0).equals(FileMode.TREE)) {
                        throw new GitSourceException("path '" + settings.path() + "' is not a folder in " + at);
                    }
                    tree = found.getObjectId(0);
                }
            }
            boolean datesOn;
            try (TreeWalk docsJson = TreeWalk.forPath(repo, "docs.json", tree)) {
                if (docsJson == null) {
                    throw new GitSourceException("no docs.json in " + (settings.path().isEmpty() ? "the repository's root"
                            : "'" + settings.path() + "'") + " of " + at);
                }
                datesOn = showsDates(repo.open(docsJson.getObjectId(0), Constants.OBJ_BLOB).getBytes());
            }
            Files.createDirectories(exports);
            Path folder = Files.createTempDirectory(exports, commitId.name() + "-");
            try {
                Set<String> files = write(repo, tree, folder);
                boolean dated = datesOn || files.stream().anyMatch(f -> showsDate(folder.resolve(f)));
                if (dated && shallowOrEmpty(repo)) {
                    fetch(repo, settings, branch, true); // each page's date is its last commit's: the history is needed
                }
                // The deployment keeps each file's time, and a page's "Last modified" shows it.
                Map<String, Instant> dates = dated ? CommitDates.of(repo, commit, settings.path(), files) : Map.of();
                Instant headTime = Instant.ofEpochSecond(commit.getCommitTime());
                for (String file : files) {
                    Files.setLastModifiedTime(folder.resolve(file), FileTime.from(dates.getOrDefault(file, headTime)));
                }
            } catch (IOException | RuntimeException e) {
                delete(folder);
                throw e;
            }
            return new CheckedOut(commitId.name(), folder);
        }
    }

    /** @return the paths written, relative to {@code folder} */
    private static Set<String> write(Repository repo, ObjectId tree, Path folder) throws IOException {
        Set<String> written = new HashSet<>();
        long bytes = 0;
        try (TreeWalk walk = new TreeWalk(repo)) {
            walk.addTree(tree);
            walk.setRecursive(true);
            while (walk.next()) {
                if ((walk.getRawMode(0) & FileMode.TYPE_MASK) != FileMode.TYPE_FILE) {
                    continue; // symbolic links and submodules
                }
                Path file = folder.resolve(walk.getPathString()).normalize();
                if (!file.startsWith(folder)) {
                    continue; // Git never stores such names, but a crafted tree could
                }
                ObjectLoader blob = repo.open(walk.getObjectId(0), Constants.OBJ_BLOB);
                bytes += blob.getSize();
                if (bytes > MAX_EXPORT_BYTES) {
                    throw new GitSourceException("the docs tree is larger than " + (MAX_EXPORT_BYTES >> 20) + " MB");
                }
                Files.createDirectories(file.getParent());
                try (OutputStream out = Files.newOutputStream(file)) {
                    blob.copyTo(out);
                }
                written.add(walk.getPathString());
            }
        }
        return written;
    }

    /** Whether docs.json turns the pages' "Last modified" on ({@code metadata.timestamp}); an unreadable one does not. */
    private static boolean showsDates(byte[] docsJson) {
        try {
            return JSON.readTree(docsJson).path("metadata").path("timestamp").asBoolean(false);
        } catch (IOException e) {
            return false; // the deployment's check reports it
        }
    }

    /** Whether a page's front matter turns its "Last modified" on ({@code timestamp: true}) whatever docs.json says. */
    private static boolean showsDate(Path file) {
        String name = file.getFileName().toString();
        if (!name.endsWith(".mdx") && !name.endsWith(".md")) {
            return false;
        }
        try (BufferedReader in = Files.newBufferedReader(file)) {
            String line = in.readLine();
            if (line == null || !line.strip().equals("---")) {
                return false;
            }
            for (int i = 0; i < 200 && (line = in.readLine()) != null && !line.strip().equals("---"); i++) {
                if (TIMESTAMP_ON.matcher(line).matches()) {
                    return true;
                }
            }
            return false;
        } catch (IOException | UncheckedIOException e) {
            return false; // not UTF-8 or unreadable: the site's check reports the page
        }
    }

    /** A repository fetched with depth 1 (or not yet at all): it holds no history to date files by. */
    private static boolean shallowOrEmpty(Repository repo) throws IOException {
        return !repo.getObjectDatabase().getShallowCommits().isEmpty() || empty(repo);
    }

    private static boolean empty(Repository repo) throws IOException {
        return repo.getRefDatabase().getRefsByPrefix(Constants.R_REMOTES).isEmpty();
    }

    private CredentialsProvider credentials(GitSettings settings) {
        if (settings.credentialsEnv().isEmpty()) {
            return null;
        }
        String name = settings.credentialsEnv().get();
        String token = environment.apply(name);
        if (token == null || token.isBlank()) {
            throw new GitSourceException("the environment variable " + name + " (git.credentials-env) is not set");
        }
        return new UsernamePasswordCredentialsProvider(settings.credentialsUser(), token);
    }

    /** JGit's own messages name the URL and what failed ("not found", "not authorized", a timeout), never a credential. */
    private static GitSourceException unreachable(GitSettings settings, Exception e) {
        StringBuilder reason = new StringBuilder("cannot fetch from " + settings.url());
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !reason.toString().contains(t.getMessage())) {
                reason.append(": ").append(t.getMessage());
            }
        }
        return new GitSourceException(reason.toString(), e);
    }

    /** Deletes an exported folder the deployer did not take. */
    public static void delete(Path folder) {
        if (folder == null || !Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
