package dev.docsassistant.cli;

import dev.docsassistant.content.Progress;

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
        // Embedding (the first index of a corpus) is the long part of "indexing": it fills that step.
        boolean embedding = phase.equals("embedding");
        int step = embedding ? 1 : Arrays.asList(PHASES).indexOf(phase);
        double within = embedding && total > 0 ? done / (double) total : 0;
        double fraction = (finished + (Math.max(0, step) + within) / (PHASES.length - 1)) / sites;
        int filled = (int) Math.min(WIDTH, Math.round(fraction * WIDTH));
        String what = embedding ? "embedding " + done + "/" + total : phase;
        out.print("\r[" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + site + ": " + what + "   ");
        if (phase.equals("done")) {
            finished++;
            out.print("\r" + " ".repeat(WIDTH + site.length() + 40) + "\r");
        }
        out.flush();
    }
}
