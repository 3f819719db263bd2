package dev.docsassistant.dashboard;

import dev.docsassistant.app.App;
import dev.docsassistant.insights.InsightsWork;
import dev.docsassistant.insights.Period;
import dev.docsassistant.insights.WorkStatus;
import dev.docsassistant.web.ApiException;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.util.List;
import java.util.Optional;

/**
 * {@code /dashboard/{org}/{domain}/feedback?from=&to=&status=&rating=}: readers' feedback on answers as
 * work to go through, newest first, each with its question, comment, status and note.
 */
final class FeedbackPage {
    static final int LISTED = 200;

    private final Dashboard dashboard;
    private final App app;

    FeedbackPage(Dashboard dashboard, App app) {
        this.dashboard = dashboard;
        this.app = app;
    }

    void show(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        Period period = InsightsPage.period(req);
        Optional<WorkStatus> status = WorkPages.statusFilter(req.query().first("status").orElse(null));
        Optional<Boolean> helpful = rating(req.query().first("rating").orElse(null));
        String org = scope.org();
        String domain = scope.domain();
        String base = scope.base();
        List<InsightsWork.FeedbackItem> items = app.insightsWork().feedback(domain, period, status, helpful, LISTED);
        Page page = scope.page("feedback", "Feedback");
        String range = "from=" + period.from() + "&to=" + period.to();
        InsightsPage.periodForm(page, base + "/feedback", period, status.map(s -> "<input type=\"hidden\" name=\"status\" value=\""
                + s.stored() + "\">").orElse(""));
        WorkPages.statusLinks(page, base + "/feedback?" + range, status);
        page.raw("<p>Export: <a href=\"").text(base + "/export/feedback?format=csv&" + range).raw("\">feedback.csv</a> <a href=\"")
                .text(base + "/export/feedback?format=jsonl&" + range).raw("\">feedback.jsonl</a> <a href=\"")
                .text(base + "/export/questions?format=csv&" + range).raw("\">questions.csv</a> <a href=\"")
                .text(base + "/export/questions?format=jsonl&" + range).raw("\">questions.jsonl</a></p>\n");
        if (items.isEmpty()) {
            page.raw("<p class=\"empty\">No feedback here.</p>\n").send(res, 200);
            return;
        }
        String hidden = "<input type=\"hidden\" name=\"back\" value=\"" + Dashboard.attr(range
                + status.map(s -> "&status=" + s.stored()).orElse("")) + "\">";
        page.raw("<table class=\"feedback\"><thead><tr><th>When</th><th>Rating</th><th>Question and comment</th>"
                + "<th>Status and note</th></tr></thead><tbody>\n");
        for (InsightsWork.FeedbackItem f : items) {
            page.raw("<tr data-message-id=\"").text(f.messageId()).raw("\"><td>").text(Dates.minute(f.at())).raw("</td><td class=\"")
                    .text(f.helpful() ? "helpful" : "not-helpful").raw("\">").text(f.helpful() ? "Helpful" : "Not helpful")
                    .raw("</td><td>").text(f.question() == null ? "" : f.question());
            if (f.comment() != null) {
                page.raw("<br><q>").text(f.comment()).raw("</q>");
            }
            page.raw(" <small><a href=\"").text(base + "/conversations/" + f.threadId()).raw("\">conversation</a></small></td><td>");
            WorkPages.statusForm(page, scope, base + "/feedback/" + f.messageId() + "/status", f.status(), f.note(), hidden);
            page.raw("</td></tr>\n");
        }
        page.raw("</tbody></table>\n").send(res, 200);
    }

    void setStatus(ServerRequest req, ServerResponse res, Dashboard.SiteScope scope) {
        WorkPages.setStatus(dashboard, req, res, scope, app.insightsWork()::setFeedback, "feedback on message", form -> {
            // Back to the list as it was filtered; only a query of known fields, so nothing else can be injected.
            String back = form.get("back") == null ? "" : form.get("back");
            return scope.base() + "/feedback" + (back.matches("[A-Za-z0-9=&-]*") && !back.isEmpty() ? "?" + back : "");
        });
    }

    private static Optional<Boolean> rating(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        return switch (value.strip()) {
            case "helpful" -> Optional.of(true);
            case "not-helpful" -> Optional.of(false);
            default -> throw ApiException.badRequest("rating must be helpful or not-helpful");
        };
    }
}
