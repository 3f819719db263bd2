package dev.docsassistant.content;

import org.eclipse.jgit.ignore.IgnoreNode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The files a site leaves out of its build (Mintlify's {@code organize/mintignore}): the patterns of
 * its {@code .mintignore} (gitignore syntax, read by JGit's own parser) and the folders Mintlify
 * always ignores. An ignored file is neither a page nor a file the site serves.
 */
public final class MintIgnore {
    /** Always left out, as Mintlify does (the dot-folders are hidden anyway). */
    private static final Set<String> FOLDERS = Set.of("node_modules", "build", "dist", "coverage", "tmp", "temp");
    private static final Set<String> ROOT_FILES = Set.of("README.md", "LICENSE.md", "CHANGELOG.md", "CONTRIBUTING.md");
    private static final MintIgnore NONE = new MintIgnore(new IgnoreNode());

    private final IgnoreNode rules;

    private MintIgnore(IgnoreNode rules) {
        this.rules = rules;
    }

    /** The rules of the site folder's {@code .mintignore}, if it has one; an unreadable one is told to {@code problem}. */
    public static MintIgnore of(Path siteDir, java.util.function.Consumer<String> problem) {
        Path file = siteDir.resolve(".mintignore");
        if (!SiteFiles.regularFileInside(siteDir, file)) {
            return NONE;
        }
        IgnoreNode node = new IgnoreNode();
        try (InputStream in = Files.newInputStream(file)) {
            node.parse(".mintignore", in);
        } catch (IOException e) {
            problem.accept("cannot be read: " + e.getMessage());
            return NONE;
        }
        return new MintIgnore(node);
    }

    /** Whether a file (its path relative to the site folder, '/'-separated) is left out. */
    public boolean ignored(String rel) {
        List<String> parts = List.of(rel.split("/"));
        if (parts.size() == 1 && ROOT_FILES.contains(rel)) {
            return true;
        }
        for (int i = 0; i < parts.size() - 1; i++) {
            if (FOLDERS.contains(parts.get(i))) {
                return true;
            }
        }
        // A pattern may name a folder (drafts/): each folder on the way is checked, then the file.
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < parts.size(); i++) {
            path.append(i == 0 ? "" : "/").append(parts.get(i));
            Boolean ignored = rules.checkIgnored(path.toString(), i < parts.size() - 1);
            if (ignored != null && ignored && i < parts.size() - 1) {
                return true;
            }
            if (i == parts.size() - 1) {
                return ignored != null && ignored;
            }
        }
        return false;
    }
}
