/**
 * Search over one site: a Lucene index with BM25 and HNSW vectors, the in-process sentence-
 * embedding model and its cache, hybrid fusion and filters.
 */
package dev.docsassistant.search;
