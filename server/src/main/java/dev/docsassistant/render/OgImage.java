package dev.docsassistant.render;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * A page's link-preview picture (Open Graph {@code og:image}), 1200 × 630 PNG as Mintlify's
 * {@code optimize/seo} describes it: the site's name, the page's title and description, the site's
 * primary colour. Drawn with Java2D and encoded here (a few milliseconds of CPU), not by an SVG
 * rasteriser. Where the runtime has no fonts to draw text with, the picture keeps its colours only.
 */
final class OgImage {
    private static final Logger LOG = Logger.getLogger(OgImage.class.getName());
    private static final int MARGIN = 80;
    private static volatile boolean textFailed;

    private OgImage() {
    }

    /**
     * @param primary the site's primary colour ({@code #rrggbb})
     * @param dark    the background ({@code #rrggbb}), dark so white text reads on it
     */
    static byte[] png(String siteName, String title, String description, String primary, String dark) {
        BufferedImage image = new BufferedImage(SeoHead.IMAGE_WIDTH, SeoHead.IMAGE_HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.decode(dark));
            g.fillRect(0, 0, SeoHead.IMAGE_WIDTH, SeoHead.IMAGE_HEIGHT);
            g.setColor(Color.decode(primary));
            g.fillRect(0, 0, SeoHead.IMAGE_WIDTH, 16);
            g.fillRect(MARGIN, MARGIN + 4, 12, 40);
            if (!textFailed) {
                try {
                    text(g, siteName, title, description, Color.decode(primary));
                } catch (RuntimeException | Error e) {
                    // No font configuration in the runtime (a minimal image): say it once, keep the colours.
                    textFailed = true;
                    LOG.warning("link-preview pictures are drawn without text: no font to draw with (" + e + ")");
                }
            }
        } finally {
            g.dispose();
        }
        return encode(image);
    }

    /**
     * The picture as PNG, written here rather than by ImageIO, whose adaptive row filters cost five
     * times the drawing: rows unfiltered, deflated at its fastest level (the flat picture compresses well so).
     */
    static byte[] encode(BufferedImage image) {
        int w = image.getWidth();
        int h = image.getHeight();
        int[] pixels = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        byte[] raw = new byte[h * (1 + 3 * w)];
        int at = 0;
        for (int y = 0; y < h; y++) {
            raw[at++] = 0; // filter: none
            for (int x = 0, row = y * w; x < w; x++) {
                int p = pixels[row + x];
                raw[at++] = (byte) (p >> 16);
                raw[at++] = (byte) (p >> 8);
                raw[at++] = (byte) p;
            }
        }
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        ByteArrayOutputStream idat = new ByteArrayOutputStream(65_536);
        try {
            deflater.setInput(raw);
            deflater.finish();
            byte[] buffer = new byte[65_536];
            while (!deflater.finished()) {
                idat.write(buffer, 0, deflater.deflate(buffer));
            }
        } finally {
            deflater.end();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(idat.size() + 64);
        out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        ByteBuffer header = ByteBuffer.allocate(13).putInt(w).putInt(h).put((byte) 8).put((byte) 2) // 8-bit RGB
                .put((byte) 0).put((byte) 0).put((byte) 0);
        chunk(out, "IHDR", header.array());
        chunk(out, "IDAT", idat.toByteArray());
        chunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(name);
        out.writeBytes(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    private static void text(Graphics2D g, String siteName, String title, String description, Color primary) {
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        int width = SeoHead.IMAGE_WIDTH - 2 * MARGIN;
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 36));
        g.setColor(Color.WHITE);
        g.drawString(fit(siteName, g.getFontMetrics(), width - 28), MARGIN + 28, MARGIN + 38);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 68));
        int y = MARGIN + 180;
        FontMetrics titleMetrics = g.getFontMetrics();
        for (String line : lines(title, titleMetrics, width, 3)) {
            g.drawString(line, MARGIN, y);
            y += titleMetrics.getHeight();
        }
        if (!description.isBlank()) {
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 32));
            g.setColor(new Color(0xC8, 0xCC, 0xD4));
            FontMetrics m = g.getFontMetrics();
            y += 12;
            for (String line : lines(description, m, width, Math.max(1, (SeoHead.IMAGE_HEIGHT - MARGIN / 2 - y) / m.getHeight()))) {
                g.drawString(line, MARGIN, y);
                y += m.getHeight();
            }
        }
    }

    /** The words in lines no wider than {@code width}, at most {@code max} of them (the last cut with an ellipsis). */
    static List<String> lines(String text, FontMetrics m, int width, int max) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        String[] words = text.strip().split("\\s+");
        for (int i = 0; i < words.length; i++) {
            String candidate = line.isEmpty() ? words[i] : line + " " + words[i];
            if (m.stringWidth(candidate) <= width || line.isEmpty()) {
                line.setLength(0);
                line.append(candidate);
                continue;
            }
            if (out.size() == max - 1) {
                out.add(fit(line + " " + String.join(" ", java.util.Arrays.copyOfRange(words, i, words.length)), m, width));
                return out;
            }
            out.add(fit(line.toString(), m, width));
            line.setLength(0);
            line.append(words[i]);
        }
        if (!line.isEmpty()) {
            out.add(fit(line.toString(), m, width));
        }
        return out;
    }

    private static String fit(String text, FontMetrics m, int width) {
        if (m.stringWidth(text) <= width) {
            return text;
        }
        String cut = text;
        while (!cut.isEmpty() && m.stringWidth(cut + "…") > width) {
            cut = cut.substring(0, cut.length() - 1);
        }
        return cut.stripTrailing() + "…";
    }
}
