/**
 * What readers asked and how answers went: questions, turns, cited pages and feedback recorded per
 * site, grouped and reported for the dashboard, and kept only for the retention time. Who asked is
 * kept only for a signed-in reader of a site that records readers' identities ({@link
 * dev.docsassistant.insights.AnswerRecord#reader}, columns {@code answers.reader} and
 * {@code conversation_threads.reader}; {@link dev.docsassistant.insights.Conversations#eraseReaders} forgets them).
 */
package dev.docsassistant.insights;
