package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import dev.docsassistant.web.ApiException;
import dev.docsassistant.insights.ConversationFilter;
import dev.docsassistant.insights.Conversations;
import dev.docsassistant.insights.Turn;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.List;

/**
 * A site's conversations: the list ({@code /conversations}, filtered by period, answered or not and
 * feedback, 50 threads a page), one thread opened, and the same selection exported as JSON Lines or CSV.
 */
final class ConversationsPage {
    static final int PAGE_SIZE = 50;

    private final Conversations conversations;

    ConversationsPage(App app) {
        this.conversations = app.conversations();
    }

    void list(ServerRequest req, ServerResponse res, Dashboard.SiteScope s) {
        ConversationFilter filter = filter(req);
        int pageNumber = pageNumber(req);
        Conversations.ThreadPage threads = conversations.list(s.domain(), filter, (pageNumber - 1) * PAGE_SIZE, PAGE_SIZE);
        Page page = s.page("conversations", "Conversations");
        InsightsPage.periodForm(page, s.base() + "/conversations", filter.period(), select("answered", filter.answered(),
                ConversationFilter.Answered.values()) + select("feedback", filter.feedback(), ConversationFilter.Feedback.values()));
        String query = query(filter);
        page.raw("<p class=\"exports\">Export these conversations: <a href=\"").text(s.base() + "/conversations.jsonl?" + query)
                .raw("\" download>JSON Lines</a> · <a href=\"").text(s.base() + "/conversations.csv?" + query).raw("\" download>CSV</a></p>\n");
        if (threads.threads().isEmpty()) {
            page.raw("<p class=\"empty\">No conversations match.</p>\n");
        } else {
            // The reader column only where a reader was recorded (sites that record readers' identities).
            boolean readers = threads.threads().stream().anyMatch(t -> t.reader() != null);
            page.raw("<table class=\"threads\"><thead><tr><th>First question</th>").raw(readers ? "<th>Reader</th>" : "")
                    .raw("<th>Questions</th><th>Unanswered</th><th>Feedback</th><th>Last activity</th></tr></thead><tbody>\n");
            for (Conversations.ThreadSummary t : threads.threads()) {
                page.raw("<tr><td><a href=\"").text(s.base() + "/conversations/" + t.threadId()).raw("\">").text(t.firstQuestion())
                        .raw("</a></td>");
                if (readers) {
                    page.raw("<td class=\"reader\">").text(t.reader() == null ? "—" : t.reader()).raw("</td>");
                }
                page.raw("<td>").text(Long.toString(t.questions())).raw("</td><td>").text(Long.toString(t.unanswered()))
                        .raw("</td><td>").text(feedbackSummary(t)).raw("</td><td>").text(Dates.minute(t.last())).raw("</td></tr>\n");
            }
            page.raw("</tbody></table>\n");
        }
        page.raw("<nav class=\"pager\">");
        if (pageNumber > 1) {
            page.raw("<a href=\"").text(s.base() + "/conversations?" + query + "&page=" + (pageNumber - 1)).raw("\">Newer</a> ");
        }
        if (threads.more()) {
            page.raw("<a href=\"").text(s.base() + "/conversations?" + query + "&page=" + (pageNumber + 1)).raw("\">Older</a>");
        }
        page.raw("</nav>\n").send(res, 200);
    }

    void open(ServerRequest req, ServerResponse res, Dashboard.SiteScope s) {
        String threadId = req.path().pathParameters().get("thread");
        List<Turn> turns = conversations.thread(s.domain(), threadId);
        if (turns.isEmpty()) {
            // Unknown here, or a thread of another site: the same answer for both.
            throw new ApiException(403, "site " + s.domain() + " has no conversation " + threadId);
        }
        Page page = new Page("Conversation", s.session(), "/dashboard/" + Dashboard.segment(s.org()), s.org(),
                s.base() + "/conversations", s.domain() + " conversations");
        page.siteTabs(s.org(), s.domain(), "Conversations");
        page.raw("<p class=\"meta\">").text(threadId + " · started " + Dates.minute(turns.get(0).at()) + " · " + turns.get(0).channel())
                .raw("</p>\n");
        for (Turn t : turns) {
            page.raw("<article class=\"turn\"><p class=\"question\">").text(t.question()).raw("</p><div class=\"answer")
                    .raw(t.answered() ? "" : " unanswered").raw("\">").text(t.answer()).raw("</div>");
            if (!t.sources().isEmpty()) {
                page.raw("<p class=\"sources\">Sources: ");
                t.sources().forEach(src -> page.raw("<span>").text(src.title()).raw(" <small>").text(src.path()).raw("</small></span> "));
                page.raw("</p>");
            }
            page.raw("<p class=\"meta\">").text(Dates.minute(t.at()) + " · " + t.channel() + " · " + t.latencyMs() + " ms · "
                    + (t.answered() ? "answered" : "not answered"));
            if (t.reader() != null) {
                page.raw(" · asked by <span class=\"reader\">").text(t.reader()).raw("</span>");
            }
            if (t.helpful() != null) {
                page.raw(" · <span class=\"").text(t.helpful() ? "helpful" : "not-helpful").raw("\">").text(t.helpful() ? "helpful" : "not helpful")
                        .raw("</span>");
                if (t.comment() != null) {
                    page.raw(": “").text(t.comment()).raw("”");
                }
            }
            page.raw("</p></article>\n");
        }
        page.send(res, 200);
    }

    void exportJsonLines(ServerRequest req, ServerResponse res, Dashboard.SiteScope s) {
        Export.jsonLines(res, s.domain(), filter(req), conversations);
    }

    void exportCsv(ServerRequest req, ServerResponse res, Dashboard.SiteScope s) {
        Export.csv(res, s.domain(), filter(req), conversations);
    }

    private static ConversationFilter filter(ServerRequest req) {
        try {
            return ConversationFilter.of(InsightsPage.period(req), req.query().first("answered").orElse(null),
                    req.query().first("feedback").orElse(null));
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }

    private static int pageNumber(ServerRequest req) {
        String value = req.query().first("page").orElse("1");
        if (!value.matches("[1-9]\\d{0,5}")) {
            throw ApiException.badRequest("page must be a whole number from 1");
        }
        return Integer.parseInt(value);
    }

    private static String query(ConversationFilter f) {
        return "from=" + f.period().from() + "&to=" + f.period().to() + "&answered=" + ConversationFilter.value(f.answered())
                + "&feedback=" + ConversationFilter.value(f.feedback());
    }

    private static String select(String name, Enum<?> current, Enum<?>[] options) {
        StringBuilder s = new StringBuilder("<label>").append(name.substring(0, 1).toUpperCase()).append(name.substring(1))
                .append(" <select name=\"").append(name).append("\">");
        for (Enum<?> o : options) {
            String value = ConversationFilter.value(o);
            s.append("<option value=\"").append(value).append('"').append(o == current ? " selected" : "").append('>')
                    .append(value.replace('-', ' ')).append("</option>");
        }
        return s.append("</select></label>").toString();
    }

    private static String feedbackSummary(Conversations.ThreadSummary t) {
        if (t.helpful() == 0 && t.notHelpful() == 0) {
            return "—";
        }
        return (t.helpful() > 0 ? "👍 " + t.helpful() + " " : "") + (t.notHelpful() > 0 ? "👎 " + t.notHelpful() : "");
    }
}
