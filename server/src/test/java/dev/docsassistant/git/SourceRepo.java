package dev.docsassistant.git;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.PersonIdent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

/** A real Git repository in a temp folder, made with JGit, that the tests clone through its file:// URL. */
final class SourceRepo implements AutoCloseable {
    private static final PersonIdent AUTHOR = new PersonIdent("Docs Writer", "writer@example.com");

    final Path dir;
    final Git git;

    private SourceRepo(Path dir, Git git) {
        this.dir = dir;
        this.git = git;
    }

    /** A repository whose {@code main} has one commit: docs/docs.json, docs/index.mdx and a README at the root. */
    static SourceRepo create(Path dir) throws Exception {
        SourceRepo repo = new SourceRepo(dir, Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call());
        repo.commit("first docs", Map.of("docs/docs.json", docsJson("Guide v1"), "docs/index.mdx", "# Welcome\n\nVersion one.\n",
                "README.md", "not part of the docs\n"));
        return repo;
    }

    static String docsJson(String name) {
        return "{\"name\": \"" + name + "\", \"navigation\": {\"pages\": [\"index\"]}}";
    }

    String url() {
        return dir.toUri().toString();
    }

    /** Writes the files and commits them on the branch checked out; returns the commit id. */
    String commit(String message, Map<String, String> files) throws Exception {
        return commitAt(message, files, Instant.now());
    }

    /** {@link #commit}, authored and committed at {@code when}. */
    String commitAt(String message, Map<String, String> files, Instant when) throws Exception {
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path file = dir.resolve(f.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, f.getValue());
        }
        git.add().addFilepattern(".").call();
        PersonIdent at = new PersonIdent(AUTHOR, when, ZoneOffset.UTC);
        return git.commit().setMessage(message).setAuthor(at).setCommitter(at).setSign(false).call().name();
    }

    /** Creates {@code branch} at the current commit and checks it out. */
    void newBranch(String branch) throws Exception {
        git.checkout().setCreateBranch(true).setName(branch).call();
    }

    void checkout(String branch) throws Exception {
        git.checkout().setName(branch).call();
    }

    String head(String branch) throws Exception {
        return git.getRepository().resolve("refs/heads/" + branch).name();
    }

    @Override
    public void close() {
        git.close();
    }
}
