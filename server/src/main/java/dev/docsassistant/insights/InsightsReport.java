package dev.docsassistant.insights;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/** What the insights page of one site shows for a period. */
public record InsightsReport(Period period, List<Day> days, List<ChannelCount> channels, List<QuestionGroup> unanswered,
                            List<PageCount> citedPages, List<QueryCount> emptySearches, long helpful, long notHelpful,
                            List<Comment> comments) {

    /** Questions asked on one day, and how many of them were answered. */
    public record Day(LocalDate date, long questions, long answered) {
    }

    public record ChannelCount(String channel, long questions, long answered) {
    }

    /**
     * Unanswered questions that say the same thing: how often they were asked, the variants' wording
     * (most asked first) and when last.
     */
    public record QuestionGroup(long count, List<String> variants, Instant lastAsked) {
    }

    public record PageCount(String path, String title, long citations) {
    }

    public record QueryCount(String query, long count) {
    }

    /**
     * Feedback a reader wrote, with the question it was about.
     *
     * @param reader who asked, where the site records readers' identities; null otherwise
     */
    public record Comment(boolean helpful, String comment, String question, String threadId, Instant at, String reader) {
    }

    public long questions() {
        return days.stream().mapToLong(Day::questions).sum();
    }

    public long answered() {
        return days.stream().mapToLong(Day::answered).sum();
    }
}
