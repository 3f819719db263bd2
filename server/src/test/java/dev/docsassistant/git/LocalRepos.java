package dev.docsassistant.git;

import dev.docsassistant.egress.Egress;
import dev.docsassistant.egress.EgressSettings;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** The egress policy of the Git tests: their repositories are in temporary folders, which it allows. */
final class LocalRepos {
    static final Egress EGRESS = new Egress(new EgressSettings(Set.of(),
            List.of(Path.of(System.getProperty("java.io.tmpdir")))));

    private LocalRepos() {
    }
}
