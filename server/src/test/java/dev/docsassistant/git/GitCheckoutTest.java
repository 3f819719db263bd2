package dev.docsassistant.git;

import dev.docsassistant.egress.Egress;
import dev.docsassistant.egress.EgressSettings;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checkouts of a real repository through its file:// URL: clone, fetch, branches, and the failures' reasons. */
class GitCheckoutTest {
    @TempDir
    Path temp;
    private SourceRepo source;
    private GitCheckout checkout;

    @BeforeEach
    void setUp() throws Exception {
        source = SourceRepo.create(temp.resolve("source"));
        checkout = new GitCheckout(temp.resolve("data/git"), name -> null, LocalRepos.EGRESS);
    }

    @AfterEach
    void tearDown() {
        source.close();
    }

    private GitSettings settings(String branch, String path) {
        GitSettings s = GitSettings.of(source.url());
        return new GitSettings(s.url(), branch, path, false, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), s.credentialsUser());
    }

    @Test
    void clonesTheBranchAndExportsTheTreeAtPath() throws Exception {
        CheckedOut out = checkout.checkout("guide", settings("main", "docs"), "main", null);
        assertEquals(source.head("main"), out.commit());
        assertEquals(SourceRepo.docsJson("Guide v1"), Files.readString(out.folder().resolve("docs.json")));
        assertTrue(Files.readString(out.folder().resolve("index.mdx")).contains("Version one."));
        assertFalse(Files.exists(out.folder().resolve("README.md")), "only the path's tree is exported");
        assertTrue(out.folder().startsWith(temp.resolve("data/git/guide/exports")), out.folder().toString());
        assertTrue(Files.exists(temp.resolve("data/git/guide/repo.git/shallow")), "the clone is shallow");
    }

    @Test
    void withDatesShownEveryFileHasItsLastCommitsTimeWithoutEveryFileItsHeads() throws Exception {
        Instant january = Instant.parse("2026-01-05T10:00:00Z");
        Instant march = Instant.parse("2026-03-04T09:30:00Z");
        Instant may = Instant.parse("2026-05-20T16:00:00Z");
        source.commitAt("guide", Map.of("docs/guide.mdx", "# Guide\n\nOne.\n"), january);
        source.commitAt("guide edited", Map.of("docs/guide.mdx", "# Guide\n\nTwo.\n"), march);
        source.commitAt("outside the docs", Map.of("README.md", "moved on\n"), may);

        CheckedOut plain = checkout.checkout("guide", settings("main", "docs"), "main", null);
        for (String file : List.of("docs.json", "index.mdx", "guide.mdx")) {
            assertEquals(may, Files.getLastModifiedTime(plain.folder().resolve(file)).toInstant(), "the head's time: " + file);
        }
        assertTrue(Files.exists(temp.resolve("data/git/guide/repo.git/shallow")), "no history fetched for dates not shown");

        Instant july = Instant.parse("2026-07-01T08:00:00Z");
        source.commitAt("dates on", Map.of("docs/docs.json",
                "{\"name\": \"Guide\", \"metadata\": {\"timestamp\": true}, \"navigation\": {\"pages\": [\"index\", \"guide\"]}}"), july);
        Instant first = Instant.ofEpochSecond(oldest(source.git.log().call()).getCommitTime());
        CheckedOut dated = checkout.checkout("guide", settings("main", "docs"), "main", null);
        assertEquals(march, time(dated, "guide.mdx"), "the last commit that changed it, not the README's");
        assertEquals(july, time(dated, "docs.json"));
        assertEquals(first, time(dated, "index.mdx"), "unchanged since the first commit");
        assertFalse(Files.exists(temp.resolve("data/git/guide/repo.git/shallow")), "the history was fetched");

        Instant august = Instant.parse("2026-08-10T12:00:00Z");
        source.commitAt("index edited", Map.of("docs/index.mdx", "# Welcome\n\nVersion three.\n"), august);
        CheckedOut next = checkout.checkout("guide", settings("main", "docs"), "main", null);
        assertEquals(august, time(next, "index.mdx"));
        assertEquals(march, time(next, "guide.mdx"), "the history stays whole: later fetches are not shallow again");
    }

    @Test
    void aPageThatShowsItsDateAloneHasItsLastCommitsTimeToo() throws Exception {
        Instant march = Instant.parse("2026-03-04T09:30:00Z");
        source.commitAt("dated page", Map.of("docs/guide.mdx", "---\ntitle: Guide\ntimestamp: true\n---\n\nOne.\n"), march);
        Instant may = Instant.parse("2026-05-20T16:00:00Z");
        source.commitAt("outside the docs", Map.of("README.md", "moved on\n"), may);
        CheckedOut out = checkout.checkout("guide", settings("main", "docs"), "main", null);
        assertEquals(march, time(out, "guide.mdx"), "docs.json leaves dates off; the page's front matter turns its own on");
        assertFalse(Files.exists(temp.resolve("data/git/guide/repo.git/shallow")), "the history was fetched");
    }

    private static Instant time(CheckedOut out, String file) throws Exception {
        return Files.getLastModifiedTime(out.folder().resolve(file)).toInstant();
    }

    private static RevCommit oldest(Iterable<RevCommit> log) {
        RevCommit oldest = null;
        for (RevCommit c : log) {
            oldest = c;
        }
        return oldest;
    }

    @Test
    void aFetchAfterANewCommitGivesTheNewCommitAndContent() throws Exception {
        CheckedOut first = checkout.checkout("guide", settings("main", "docs"), "main", null);
        String second = source.commit("second", Map.of("docs/index.mdx", "# Welcome\n\nVersion two.\n"));
        CheckedOut next = checkout.checkout("guide", settings("main", "docs"), "main", null);
        assertEquals(second, next.commit());
        assertNotEquals(first.folder(), next.folder(), "every checkout is a fresh folder");
        assertTrue(Files.readString(next.folder().resolve("index.mdx")).contains("Version two."));
        assertTrue(Files.readString(first.folder().resolve("index.mdx")).contains("Version one."), "earlier exports stay as they were");
        assertEquals(second, checkout.head(settings("main", "docs"), "main"));
    }

    @Test
    void anOlderCommitIsExportedFromTheBranchHistory() throws Exception {
        String first = source.head("main");
        source.commit("second", Map.of("docs/index.mdx", "# Welcome\n\nVersion two.\n"));
        checkout.checkout("guide", settings("main", "docs"), "main", null); // shallow: the head alone
        CheckedOut old = checkout.checkout("guide", settings("main", "docs"), "main", first);
        assertEquals(first, old.commit());
        assertTrue(Files.readString(old.folder().resolve("index.mdx")).contains("Version one."));
        String elsewhere = "0123456789abcdef0123456789abcdef01234567";
        GitSourceException e = assertThrows(GitSourceException.class,
                () -> checkout.checkout("guide", settings("main", "docs"), "main", elsewhere));
        assertEquals("commit " + elsewhere + " is not in the history of branch 'main' of " + source.url(), e.getMessage());
    }

    @Test
    void anotherBranchAndTheRootAsPath() throws Exception {
        source.newBranch("feature/login");
        String feature = source.commit("login page", Map.of("docs.json", SourceRepo.docsJson("At the root"),
                "login.mdx", "# Login\n"));
        source.checkout("main");
        CheckedOut out = checkout.checkout("guide", settings("main", ""), "feature/login", null);
        assertEquals(feature, out.commit());
        assertTrue(Files.exists(out.folder().resolve("login.mdx")));
        assertTrue(Files.exists(out.folder().resolve("docs/docs.json")), "the root holds everything");
    }

    @Test
    void anUnreachableUrlFailsWithTheReason() {
        GitSettings missing = GitSettings.of(temp.resolve("no-such-repo").toUri().toString());
        GitSourceException e = assertThrows(GitSourceException.class, () -> checkout.checkout("guide", missing, "main", null));
        assertTrue(e.getMessage().startsWith("cannot fetch from " + missing.url()), e.getMessage());
    }

    @Test
    void everyFetchIsCheckedByTheEgressPolicy() {
        // A repository that exists, outside the folders the policy allows: refused before JGit reads it.
        GitCheckout strict = new GitCheckout(temp.resolve("data3/git"), name -> null,
                new Egress(new EgressSettings(Set.of(), List.of(temp.resolve("elsewhere")))));
        GitSourceException local = assertThrows(GitSourceException.class, () -> strict.checkout("guide", settings("main", "docs"), "main", null));
        assertEquals("cannot fetch from " + source.url() + ": git.url is a local folder that is not allowed for Git sources"
                + " (allow its folder with docs-assistant.egress.git-folders)", local.getMessage());
        // A loopback HTTP remote (the server's own management port, say): refused without connecting.
        GitSettings loopback = GitSettings.of("http://127.0.0.1:9/docs.git");
        GitSourceException internal = assertThrows(GitSourceException.class, () -> strict.head(loopback, "main"));
        assertTrue(internal.getMessage().startsWith("cannot fetch from http://127.0.0.1:9/docs.git: git.url reaches an address"
                + " that is not allowed for Git sources"), internal.getMessage());
    }

    @Test
    void aMissingBranchFailsWithTheReason() {
        GitSourceException e = assertThrows(GitSourceException.class,
                () -> checkout.checkout("guide", settings("main", "docs"), "release", null));
        assertEquals("branch 'release' does not exist in " + source.url(), e.getMessage());
    }

    @Test
    void aMissingPathOrDocsJsonFailsWithTheReason() throws Exception {
        String head = source.head("main").substring(0, 12);
        GitSourceException e = assertThrows(GitSourceException.class,
                () -> checkout.checkout("guide", settings("main", "handbook"), "main", null));
        assertEquals("path 'handbook' does not exist in branch 'main' at " + head, e.getMessage());
        e = assertThrows(GitSourceException.class, () -> checkout.checkout("guide", settings("main", "README.md"), "main", null));
        assertEquals("path 'README.md' is not a folder in branch 'main' at " + head, e.getMessage());
        source.commit("no docs.json here", Map.of("other/page.mdx", "# Page\n"));
        e = assertThrows(GitSourceException.class, () -> checkout.checkout("guide", settings("main", "other"), "main", null));
        assertTrue(e.getMessage().startsWith("no docs.json in 'other' of branch 'main' at "), e.getMessage());
    }

    @Test
    void credentialsComeFromTheNamedEnvironmentVariable() {
        GitSettings s = settings("main", "docs");
        GitSettings withToken = new GitSettings(s.url(), s.branch(), s.path(), false, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.of("DOCS_GIT_TOKEN"), "x-access-token");
        GitSourceException e = assertThrows(GitSourceException.class, () -> checkout.head(withToken, "main"));
        assertEquals("the environment variable DOCS_GIT_TOKEN (git.credentials-env) is not set", e.getMessage());
        // Set, it is offered to the host (a local repository asks for none, so the fetch simply works).
        GitCheckout withEnv = new GitCheckout(temp.resolve("data2/git"), name -> name.equals("DOCS_GIT_TOKEN") ? "s3cret" : null, LocalRepos.EGRESS);
        CheckedOut out = withEnv.checkout("guide", withToken, "main", null);
        assertTrue(Files.exists(out.folder().resolve("docs.json")));
    }
}
