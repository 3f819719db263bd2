package dev.docsassistant.bench;

import dev.docsassistant.config.SiteConfig;
import dev.docsassistant.render.Injected;
import dev.docsassistant.render.SiteAssets;
import dev.docsassistant.render.SiteRenderer;
import dev.docsassistant.content.Page;
import dev.docsassistant.content.PagePaths;
import dev.docsassistant.sites.Site;
import dev.docsassistant.content.SiteContent;
import dev.docsassistant.content.SiteReader;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Rendering every public page of each corpus, in-process: the first render of a page (MDX to HTML,
 * then the layout) and a warm one (cached body, fresh layout, what each request after the first costs),
 * and the page weight: HTML per page and the script and stylesheet of a first visit, gzipped. Each render
 * is timed by the wall clock and by the rendering thread's CPU time: on a shared machine the CPU time is
 * what the render costs, the wall clock adds whatever else ran meanwhile.
 * Run: {@code bench/run SiteRender [rounds]}.
 */
public final class SiteRender {
    private SiteRender() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        SiteAssets assets = SiteAssets.fromClassPath();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        for (String corpus : DevSet.CORPORA) {
            Path dir = DevSet.corpus(corpus);
            SiteContent content = SiteReader.read(dir);
            Site site = new Site(new SiteConfig(corpus, "bench", dir, Optional.empty()), content, null, null);
            List<Page> pages = content.pages().stream().filter(Page::isPublic).toList();
            SiteRenderer renderer = new SiteRenderer(site, assets, null, Injected.NONE);
            long[] cold = new long[pages.size()];
            long[] coldCpu = new long[pages.size()];
            long bytes = 0;
            long gzipped = 0;
            String slowest = "";
            long slowestNanos = 0;
            for (int i = 0; i < pages.size(); i++) {
                long cpu = threads.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                SiteRenderer.Result r = renderer.render("/" + PagePaths.withoutIndex(pages.get(i).path()), "", null);
                cold[i] = System.nanoTime() - start;
                coldCpu[i] = threads.getCurrentThreadCpuTime() - cpu;
                if (r instanceof SiteRenderer.HtmlPage p) {
                    bytes += p.html().length();
                    gzipped += gzip(p.html());
                }
                if (cold[i] > slowestNanos) {
                    slowestNanos = cold[i];
                    slowest = pages.get(i).path() + " (" + (pages.get(i).markdown().length() / 1024) + " KB of Markdown)";
                }
            }
            long[] warm = new long[pages.size() * rounds];
            long[] warmCpu = new long[pages.size() * rounds];
            int n = 0;
            for (int round = 0; round < rounds; round++) {
                for (Page page : pages) {
                    long cpu = threads.getCurrentThreadCpuTime();
                    long start = System.nanoTime();
                    renderer.render("/" + PagePaths.withoutIndex(page.path()), "", null);
                    warm[n] = System.nanoTime() - start;
                    warmCpu[n++] = threads.getCurrentThreadCpuTime() - cpu;
                }
            }
            long coldCpuTotal = Arrays.stream(coldCpu).sum();
            Arrays.sort(cold);
            Arrays.sort(warm);
            Arrays.sort(coldCpu);
            Arrays.sort(warmCpu);
            System.out.printf(Locale.ROOT, "%s: %d pages, %.0f KB HTML on average; first render p50 %.2f ms, p99 %.2f ms, "
                            + "total %.1f s; warm p50 %.3f ms, p99 %.3f ms%n", corpus, pages.size(), bytes / 1024.0 / pages.size(),
                    pct(cold, 50), pct(cold, 99), Arrays.stream(cold).sum() / 1e9, pct(warm, 50), pct(warm, 99));
            System.out.printf(Locale.ROOT, "  CPU time: first render p50 %.2f ms, p99 %.2f ms, total %.1f s; warm p50 %.3f ms, p99 %.3f ms%n",
                    pct(coldCpu, 50), pct(coldCpu, 99), coldCpuTotal / 1e9, pct(warmCpu, 50), pct(warmCpu, 99));
            System.out.printf(Locale.ROOT, "  slowest first render: %s, %.0f ms%n", slowest, slowestNanos / 1e6);
            System.out.printf(Locale.ROOT, "  HTML gzipped: %.1f KB per page on average%n", gzipped / 1024.0 / pages.size());
        }
        System.out.printf(Locale.ROOT, "first visit: site script %.1f KB gzipped (the highlighter %.1f KB more on pages with code, "
                        + "the assistant %.1f KB when its panel opens), stylesheet %.1f KB gzipped%n",
                assets.firstLoadScriptGzipped() / 1024.0, chunk(assets, "chunks/highlight-") / 1024.0,
                chunk(assets, "chunks/assistant-") / 1024.0, assets.get("site.css").map(a -> a.gzipped().length).orElse(0) / 1024.0);
    }

    private static long chunk(SiteAssets assets, String prefix) {
        return assets.names().stream().filter(n -> n.startsWith(prefix))
                .mapToLong(n -> assets.get(n).map(a -> a.gzipped().length).orElse(0)).sum();
    }

    private static long gzip(String html) {
        var out = new java.io.ByteArrayOutputStream();
        try (var gz = new java.util.zip.GZIPOutputStream(out)) {
            gz.write(html.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.size();
    }

    private static double pct(long[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)] / 1e6;
    }
}
