package dev.docsassistant.cli;

import dev.docsassistant.site.Progress;

import java.io.PrintStream;
import java.util.Arrays;

/** A one-line progress bar redrawn in place; only used when output is a terminal. */
final class ProgressBar implements Progress {
    private static final int WIDTH = 30;
    private static final String[] PHASES = {"reading", "indexing", "done"};
    private final PrintStream out;
    private final int sites;
    private int finished;

    ProgressBar(PrintStream out, int sites) {
        this.out = out;
        this.sites = Math.max(1, sites);
    }

    @Override
    public synchronized void update(String site, String phase, int done, int total) {
        int step = Arrays.asList(PHASES).indexOf(phase);
        double fraction = (finished + Math.max(0, step) / (double) (PHASES.length - 1)) / sites;
        int filled = (int) Math.round(fraction * WIDTH);
        out.print("\r[" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + site + ": " + phase + "   ");
        if (phase.equals("done")) {
            finished++;
            out.print("\r" + " ".repeat(WIDTH + site.length() + 20) + "\r");
        }
        out.flush();
    }
}
