package dev.docsassistant.search;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Pattern;

/**
 * Recently embedded questions, least recently used out first, bounded by the bytes its entries hold
 * (key, vector and bookkeeping), keyed by the model and the question as {@link #normalised} writes it:
 * search logs repeat their popular queries (a few per cent of distinct queries make a large share of
 * all searches), and the site's search box sends the same words again as readers retype them. What
 * is embedded on a miss is the question with its whitespace tidied ({@link #embeddable}), which the
 * tokenizers ignore, and for English models reduced ({@link QuestionReduction}, one rule per process):
 * a hit returns the vector a miss computes, except across a trailing "?" or case (see {@link #normalised}).
 */
final class QuestionVectorCache {
    /** Default bound: about 3,000 English questions of 384 floats. */
    static final long DEFAULT_BYTES = 6L << 20;
    /** What a key costs beside its characters: the String and its array headers, the map entry and its links. */
    private static final int ENTRY_OVERHEAD = 40 + 16 + 64;
    private static final Pattern SPACE = Pattern.compile("\\s+");
    /** Trailing punctuation that does not change what is asked (Latin and CJK full stops and question marks). */
    private static final Pattern TRAILING = Pattern.compile("[\\s?!.,;:。？！，；：…]+$");

    private final long maxBytes;
    private final ReentrantLock lock = new ReentrantLock();
    private final LinkedHashMap<String, float[]> entries = new LinkedHashMap<>(256, 0.75f, true);
    private long bytes;
    private long hits;
    private long misses;

    QuestionVectorCache(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /**
     * The question as embedded: whitespace runs as one space, trimmed. The models' tokenizers split on
     * whitespace, so this changes no vector; it only makes the key below cheaper to build.
     */
    static String embeddable(String question) {
        return SPACE.matcher(question).replaceAll(" ").strip();
    }

    /**
     * The cache key's text: {@link #embeddable} without trailing punctuation, in lower case when the
     * model's tokenizer lowercases anyway (the English models; BGE small zh keeps case). Questions that
     * differ only in a trailing "?" share the vector of whichever was asked first (cosine about 0.99
     * to their own): dropping the "?" from what is embedded instead moved one dev question's rank.
     */
    static String normalised(String question, boolean uncased) {
        String spaced = embeddable(question);
        String t = TRAILING.matcher(spaced).replaceAll("");
        t = t.isEmpty() ? spaced : t;
        return uncased ? t.toLowerCase(Locale.ROOT) : t;
    }

    private static String key(EmbeddingModel model, boolean uncased, String question) {
        return model.id() + '\u0000' + normalised(question, uncased);
    }

    /** A copy of the cached vector (callers may change theirs), or null. */
    float[] get(EmbeddingModel model, boolean uncased, String question) {
        String key = key(model, uncased, question);
        lock.lock();
        try {
            float[] v = entries.get(key);
            if (v == null) {
                misses++;
                return null;
            }
            hits++;
            return v.clone();
        } finally {
            lock.unlock();
        }
    }

    /** Keeps a copy of {@code vector}, dropping the least recently used entries beyond the bound. */
    void put(EmbeddingModel model, boolean uncased, String question, float[] vector) {
        String key = key(model, uncased, question);
        long size = cost(key, vector);
        if (size > maxBytes) {
            return;
        }
        lock.lock();
        try {
            float[] old = entries.put(key, vector.clone());
            bytes += size;
            if (old != null) {
                bytes -= cost(key, old);
            }
            Iterator<Map.Entry<String, float[]>> eldest = entries.entrySet().iterator();
            while (bytes > maxBytes && eldest.hasNext()) {
                Map.Entry<String, float[]> e = eldest.next();
                bytes -= cost(e.getKey(), e.getValue());
                eldest.remove();
            }
        } finally {
            lock.unlock();
        }
    }

    private static long cost(String key, float[] vector) {
        return ENTRY_OVERHEAD + 2L * key.length() + 16 + 4L * vector.length;
    }

    int size() {
        lock.lock();
        try {
            return entries.size();
        } finally {
            lock.unlock();
        }
    }

    long bytes() {
        lock.lock();
        try {
            return bytes;
        } finally {
            lock.unlock();
        }
    }

    /** Hits and misses since the start, for benches. */
    long[] counts() {
        lock.lock();
        try {
            return new long[] {hits, misses};
        } finally {
            lock.unlock();
        }
    }

    void clear() {
        lock.lock();
        try {
            entries.clear();
            bytes = 0;
            hits = 0;
            misses = 0;
        } finally {
            lock.unlock();
        }
    }
}
