package dev.docsassistant.dashboard;

import dev.docsassistant.insights.InsightsReport;

import java.util.List;

/**
 * Questions per day as an SVG bar chart, drawn on the server: each bar is the day's questions, its
 * answered part darker. Presentation attributes only (no {@code style}), so the strict CSP holds.
 */
final class BarChart {
    private static final int WIDTH = 720;
    private static final int HEIGHT = 160;
    private static final int AXIS = 18;

    private BarChart() {
    }

    static String svg(List<InsightsReport.Day> days) {
        long max = Math.max(1, days.stream().mapToLong(InsightsReport.Day::questions).max().orElse(1));
        double slot = (double) WIDTH / Math.max(1, days.size());
        double bar = Math.max(1, slot * 0.8);
        StringBuilder s = new StringBuilder("<svg class=\"chart\" viewBox=\"0 0 " + WIDTH + " " + (HEIGHT + AXIS)
                + "\" role=\"img\" aria-label=\"Questions per day\">");
        s.append("<text x=\"0\" y=\"10\" class=\"axis\">").append(max).append("</text>");
        for (int i = 0; i < days.size(); i++) {
            InsightsReport.Day d = days.get(i);
            double x = i * slot + (slot - bar) / 2;
            double all = (double) d.questions() / max * (HEIGHT - 14);
            double answered = (double) d.answered() / max * (HEIGHT - 14);
            s.append("<g><title>").append(d.date()).append(": ").append(d.questions()).append(" questions, ")
                    .append(d.answered()).append(" answered</title>")
                    .append(rect("asked", x, HEIGHT - all, bar, all))
                    .append(rect("answered", x, HEIGHT - answered, bar, answered)).append("</g>");
        }
        if (!days.isEmpty()) {
            s.append("<text x=\"0\" y=\"").append(HEIGHT + AXIS - 4).append("\" class=\"axis\">").append(days.get(0).date()).append("</text>");
            s.append("<text x=\"").append(WIDTH).append("\" y=\"").append(HEIGHT + AXIS - 4)
                    .append("\" class=\"axis\" text-anchor=\"end\">").append(days.get(days.size() - 1).date()).append("</text>");
        }
        return s.append("</svg>").toString();
    }

    private static String rect(String kind, double x, double y, double w, double h) {
        return String.format(java.util.Locale.ROOT, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>",
                kind, x, y, w, h);
    }
}
