/**
 * Search over one site: a Lucene index with BM25 and HNSW vectors, the in-process sentence-
 * embedding model and its cache, hybrid fusion and filters.
 *
 * <p>A hybrid index is built with the vectors the embedding cache holds; with background embedding
 * ({@link SearchSettings#withBackground}) it serves at once and the sections it lacks are embedded
 * afterwards, batch by batch, by {@link BackgroundEmbedding}'s one low-priority worker into a
 * {@link LiveSiteIndex} (ranked by BM25 alone until their vector is in); without it they are
 * embedded while the index is built.
 */
package dev.docsassistant.search;
