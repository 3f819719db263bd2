package dev.docsassistant.search;

import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Norms held in memory: the index's values for every document of a sparse field, and the same scores. */
class InMemoryNormsTest {
    /** Two languages' fields, as the site index writes them: each document has one language's, of varied lengths. */
    private static DirectoryReader index(ByteBuffersDirectory dir) throws IOException {
        try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig(LanguageAnalysis.EN.analyzer()).setMaxBufferedDocs(7))) {
            for (int i = 0; i < 40; i++) {
                Document doc = new Document();
                String lang = i % 3 == 0 ? "fr" : "en";
                doc.add(new TextField("body_" + lang, ("retry schedule webhook " + "words ".repeat(i)).strip(), Field.Store.NO));
                if (i % 4 == 0) {
                    doc.add(new TextField("head_" + lang, "Retry" + " schedule".repeat(i % 5), Field.Store.NO));
                }
                writer.addDocument(doc);
            }
        }
        return DirectoryReader.open(dir);
    }

    @Test
    void everyDocumentReadsTheIndexsNormAndOnlyThoseWithTheFieldHaveOne() throws IOException {
        try (ByteBuffersDirectory dir = new ByteBuffersDirectory(); DirectoryReader stored = index(dir)) {
            DirectoryReader held = InMemoryNorms.wrap(stored);
            assertTrue(stored.leaves().size() > 1, "several segments");
            for (int leaf = 0; leaf < stored.leaves().size(); leaf++) {
                for (String field : List.of("body_en", "body_fr", "head_en", "head_fr")) {
                    assertEquals(all(stored.leaves().get(leaf), field), all(held.leaves().get(leaf), field), field);
                    NumericDocValues a = stored.leaves().get(leaf).reader().getNormValues(field);
                    NumericDocValues b = held.leaves().get(leaf).reader().getNormValues(field);
                    for (int doc = 0; doc < stored.leaves().get(leaf).reader().maxDoc(); doc++) {
                        boolean has = a != null && a.advanceExact(doc);
                        assertEquals(has, b != null && b.advanceExact(doc), field + " doc " + doc);
                        if (has) {
                            assertEquals(a.longValue(), b.longValue(), field + " doc " + doc);
                        }
                    }
                }
                assertNull(held.leaves().get(leaf).reader().getNormValues("no_such_field"));
            }
        }
    }

    @Test
    void searchesScoreAsOnTheIndexItself() throws IOException {
        try (ByteBuffersDirectory dir = new ByteBuffersDirectory(); DirectoryReader stored = index(dir)) {
            Query query = new BooleanQuery.Builder()
                    .add(new BoostQuery(new TermQuery(new Term("head_en", "retri")), 0.6f), Occur.SHOULD)
                    .add(new TermQuery(new Term("body_en", "retri")), Occur.SHOULD)
                    .add(new TermQuery(new Term("body_en", "schedul")), Occur.SHOULD)
                    .add(new TermQuery(new Term("body_fr", "webhook")), Occur.SHOULD).build();
            assertEquals(scores(new IndexSearcher(stored), query), scores(new IndexSearcher(InMemoryNorms.wrap(stored)), query));
        }
    }

    private static List<String> scores(IndexSearcher searcher, Query query) throws IOException {
        searcher.setSimilarity(new BM25Similarity(1.6f, 0.9f));
        List<String> out = new ArrayList<>();
        for (ScoreDoc hit : searcher.search(query, 40).scoreDocs) {
            out.add(hit.doc + ":" + hit.score);
        }
        assertEquals(40, out.size());
        return out;
    }

    /** The documents with a norm, by iteration, with their values. */
    private static List<String> all(LeafReaderContext leaf, String field) throws IOException {
        NumericDocValues norms = leaf.reader().getNormValues(field);
        List<String> out = new ArrayList<>();
        if (norms != null) {
            for (int doc = norms.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = norms.nextDoc()) {
                out.add(doc + "=" + norms.longValue());
            }
        }
        return out;
    }
}
