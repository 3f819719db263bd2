package dev.docsassistant.search;

import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FilterDirectoryReader;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.FixedBitSet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A reader whose fields' norms (the field lengths BM25 divides by) are read from the index once per
 * segment and field, on first need, into a bit set and an array. Each language has fields of its own
 * ({@code body_en}, {@code head_fr}), so a field's norms are sparse, and Lucene reads sparse norms
 * through a skipping structure for every document it scores: a quarter of a keyword search's CPU went
 * there. The values are the index's, so every score is the same; a few bytes per document and field.
 */
final class InMemoryNorms extends FilterDirectoryReader {
    private InMemoryNorms(DirectoryReader in) throws IOException {
        super(in, new SubReaderWrapper() {
            @Override
            public LeafReader wrap(LeafReader reader) {
                return new Leaf(reader);
            }
        });
    }

    /** {@code reader} with its norms held in memory; closing it is left to whoever holds {@code reader}. */
    static DirectoryReader wrap(DirectoryReader reader) {
        try {
            return new InMemoryNorms(reader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected DirectoryReader doWrapDirectoryReader(DirectoryReader in) throws IOException {
        return new InMemoryNorms(in);
    }

    @Override
    public CacheHelper getReaderCacheHelper() {
        return in.getReaderCacheHelper(); // the same documents and values
    }

    private static final class Leaf extends FilterLeafReader {
        private final Map<String, Norms> byField = new ConcurrentHashMap<>();

        Leaf(LeafReader in) {
            super(in);
        }

        @Override
        public NumericDocValues getNormValues(String field) throws IOException {
            Norms norms = byField.get(field);
            if (norms == null) {
                NumericDocValues stored = in.getNormValues(field);
                if (stored == null) {
                    return null;
                }
                norms = byField.computeIfAbsent(field, f -> Norms.read(stored, in.maxDoc()));
            }
            return norms.iterator();
        }

        @Override
        public CacheHelper getCoreCacheHelper() {
            return in.getCoreCacheHelper();
        }

        @Override
        public CacheHelper getReaderCacheHelper() {
            return in.getReaderCacheHelper();
        }
    }

    /** One field's norms in one segment: which documents have one, and its value (a byte, as BM25's are, else a long). */
    private record Norms(FixedBitSet present, byte[] small, long[] large, long cost) {
        static Norms read(NumericDocValues stored, int maxDoc) {
            try {
                FixedBitSet present = new FixedBitSet(Math.max(1, maxDoc));
                long[] values = new long[maxDoc];
                boolean fitsBytes = true;
                long count = 0;
                for (int doc = stored.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = stored.nextDoc()) {
                    present.set(doc);
                    long value = stored.longValue();
                    values[doc] = value;
                    fitsBytes &= value == (byte) value;
                    count++;
                }
                if (!fitsBytes) {
                    return new Norms(present, null, values, count);
                }
                byte[] small = new byte[maxDoc];
                for (int doc = 0; doc < maxDoc; doc++) {
                    small[doc] = (byte) values[doc];
                }
                return new Norms(present, small, null, count);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        NumericDocValues iterator() {
            return new NumericDocValues() {
                private int doc = -1;

                @Override
                public long longValue() {
                    return small != null ? small[doc] : large[doc];
                }

                @Override
                public boolean advanceExact(int target) {
                    doc = target;
                    return present.get(target);
                }

                @Override
                public int docID() {
                    return doc;
                }

                @Override
                public int nextDoc() {
                    return advance(doc + 1);
                }

                @Override
                public int advance(int target) {
                    doc = target >= present.length() ? NO_MORE_DOCS : present.nextSetBit(target);
                    return doc;
                }

                @Override
                public long cost() {
                    return cost;
                }
            };
        }
    }
}
