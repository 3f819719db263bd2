package dev.docsassistant;

import dev.docsassistant.testing.Corpora;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code bench/node-peer}, the Node server {@code bench/run NodePeer} measures against, is the reference
 * peer of {@code ../shared/peer} byte for byte: every speed ratio the project states is against that
 * peer, so a local edit (a faster or slower MiniSearch setting, another answer) would make them untrue.
 */
@Tag(Corpora.TAG)
class NodePeerCopyTest {
    private static final Path BENCH_PEER = Path.of(System.getProperty("user.dir")).resolve("../bench/node-peer").normalize();

    @Test
    void benchPeerIsTheReferencePeerByteForByte() throws IOException {
        Path reference = Corpora.shared("peer");
        assertEquals(files(reference), files(BENCH_PEER), "the files of " + BENCH_PEER + " and " + reference);
        for (String name : files(reference)) {
            assertArrayEquals(Files.readAllBytes(reference.resolve(name)), Files.readAllBytes(BENCH_PEER.resolve(name)),
                    "bench/node-peer/" + name + " differs from " + reference.resolve(name));
        }
    }

    /** The folder's files (npm's node_modules, installed by the bench, left out). */
    private static Set<String> files(Path dir) throws IOException {
        try (Stream<Path> all = Files.list(dir)) {
            Set<String> names = new TreeSet<>();
            all.filter(Files::isRegularFile).forEach(p -> names.add(p.getFileName().toString()));
            return names;
        }
    }
}
