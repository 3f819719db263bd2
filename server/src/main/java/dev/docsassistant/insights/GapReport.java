package dev.docsassistant.insights;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A site's gap groups with questions in a span: most asked first, each with its count in the span
 * before ({@code previous}) for the trend.
 */
public record GapReport(GapSpan span, Period period, int groups, List<Gap> gaps) {

    /**
     * @param kinds    questions in the span by {@link GapKind} (stored name)
     * @param examples a few recent wordings of the span
     * @param pages    the pages the group's answers cited most (what retrieval came closest with)
     */
    public record Gap(String id, String label, WorkStatus status, String note, long count, long previous,
                      Map<String, Long> kinds, List<String> examples, List<InsightsReport.PageCount> pages,
                      Instant lastAsked, Instant reopenedAt) {
    }
}
