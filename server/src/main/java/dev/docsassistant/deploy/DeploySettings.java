package dev.docsassistant.deploy;

import dev.docsassistant.config.ConfigException;
import dev.docsassistant.config.Durations;
import dev.docsassistant.config.SettingDoc;
import io.helidon.config.Config;

import java.time.Duration;
import java.util.List;

/**
 * Deployment limits and timing ({@code docs-assistant.deployments}). The archive limits are checked
 * while an upload is read, so a zip bomb is refused after at most {@code max-bytes} of output, never
 * unpacked whole.
 *
 * @param maxFiles       files a site may hold (an archive's entries, a folder's files)
 * @param maxBytes       bytes a site's files may hold in all, unpacked
 * @param maxRatio       unpacked bytes per byte of upload beyond the first MiB (a bomb's ratio is in the thousands)
 * @param maxUploadBytes bytes of a compressed upload
 * @param retireAfter    how long a replaced version's index stays open for requests that began on it
 * @param previewRetention how long a preview deployment is kept (served, listed) after it was created
 * @param keepBuilt      built versions of a site whose folders stay on disk besides the active one, so a
 *                       rollback to a recent version reuses its index (older ones are rebuilt from the store)
 * @param sweepEvery     how often the one sweep of the server removes expired previews, old folders and
 *                       unreferenced content
 */
public record DeploySettings(int maxFiles, long maxBytes, int maxRatio, long maxUploadBytes, Duration retireAfter,
                             Duration previewRetention, int keepBuilt, Duration sweepEvery) {
    public static final DeploySettings DEFAULTS = new DeploySettings(20_000, 512L << 20, 200, 256L << 20,
            Duration.ofSeconds(30), Duration.ofDays(14), 5, Duration.ofHours(1));

    /** The limits and grace period alone; housekeeping keeps its defaults. */
    public DeploySettings(int maxFiles, long maxBytes, int maxRatio, long maxUploadBytes, Duration retireAfter) {
        this(maxFiles, maxBytes, maxRatio, maxUploadBytes, retireAfter, DEFAULTS.previewRetention, DEFAULTS.keepBuilt,
                DEFAULTS.sweepEvery);
    }

    public static final SettingDoc.Group REFERENCE = new SettingDoc.Group("Deployments", "DeploySettings", List.of(
            new SettingDoc("docs-assistant.deployments.max-files", "number", String.valueOf(DEFAULTS.maxFiles),
                    "files a site's deployment may hold (archive entries or folder files)"),
            new SettingDoc("docs-assistant.deployments.max-bytes", "bytes", "512MiB",
                    "bytes a deployment's files may hold unpacked; an archive is refused as soon as it passes this"),
            new SettingDoc("docs-assistant.deployments.max-ratio", "number", String.valueOf(DEFAULTS.maxRatio),
                    "unpacked bytes allowed per uploaded byte beyond the first MiB (refuses zip bombs early)"),
            new SettingDoc("docs-assistant.deployments.max-upload-bytes", "bytes", "256MiB",
                    "bytes of an uploaded .tar.gz or .zip"),
            new SettingDoc("docs-assistant.deployments.retire-after", "duration", SettingDoc.duration(DEFAULTS.retireAfter),
                    "a replaced version's index is closed this long after the switch, once no search runs on it"),
            new SettingDoc("docs-assistant.deployments.previews.retention", "duration", SettingDoc.duration(DEFAULTS.previewRetention),
                    "a preview deployment is removed this long after it was created (its host stops serving it,"
                            + " its index is closed and its files deleted)"),
            new SettingDoc("docs-assistant.deployments.keep-built", "number", String.valueOf(DEFAULTS.keepBuilt),
                    "the newest built versions of a site whose folders and indexes stay on disk besides the active one"
                            + " (a rollback to one is instant; older ones are rebuilt from the stored content)"),
            new SettingDoc("docs-assistant.deployments.sweep-every", "duration", SettingDoc.duration(DEFAULTS.sweepEvery),
                    "how often the server removes expired previews, folders beyond keep-built and content no"
                            + " deployment uses any more (one sweep for all sites)")));

    /** @param node the {@code docs-assistant.deployments} node; missing keys keep their defaults */
    public static DeploySettings from(Config node) {
        DeploySettings s = new DeploySettings(
                (int) positive(node.get("max-files"), DEFAULTS.maxFiles),
                positive(node.get("max-bytes"), DEFAULTS.maxBytes),
                (int) positive(node.get("max-ratio"), DEFAULTS.maxRatio),
                positive(node.get("max-upload-bytes"), DEFAULTS.maxUploadBytes),
                Durations.read(node.get("retire-after"), DEFAULTS.retireAfter),
                Durations.read(node.get("previews").get("retention"), DEFAULTS.previewRetention),
                atLeastZero(node.get("keep-built"), DEFAULTS.keepBuilt),
                Durations.read(node.get("sweep-every"), DEFAULTS.sweepEvery));
        return s;
    }

    private static int atLeastZero(Config node, int otherwise) {
        if (!node.exists()) {
            return otherwise;
        }
        try {
            int value = Integer.parseInt(node.asString().orElse("").strip());
            if (value >= 0) {
                return value;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new ConfigException(node.key() + " must be a whole number of at least 0, not '" + node.asString().orElse("") + "'");
    }

    /** A positive number, with an optional KiB/MiB/GiB suffix. */
    private static long positive(Config node, long otherwise) {
        if (!node.exists()) {
            return otherwise;
        }
        String text = node.asString().orElse("").strip();
        long unit = 1;
        for (String[] suffix : new String[][] {{"KiB", "1024"}, {"MiB", "1048576"}, {"GiB", "1073741824"}}) {
            if (text.endsWith(suffix[0])) {
                unit = Long.parseLong(suffix[1]);
                text = text.substring(0, text.length() - suffix[0].length()).strip();
            }
        }
        try {
            long value = Math.multiplyExact(Long.parseLong(text), unit);
            if (value > 0) {
                return value;
            }
        } catch (NumberFormatException | ArithmeticException ignored) {
            // reported below
        }
        throw new ConfigException(node.key() + " must be a positive number (optionally with KiB, MiB or GiB), not '"
                + node.asString().orElse("") + "'");
    }
}
