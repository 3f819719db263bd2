package dev.docsassistant.testing;

import dev.docsassistant.Main;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One run of the command line in this JVM, with what it printed. Synchronized: it swaps
 * {@code System.out} and {@code System.err}, which two runs at once would mix.
 */
public record CliRun(int code, String out, String err) {
    public java.util.List<String> lines() {
        return out.lines().toList();
    }

    public static synchronized CliRun of(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = new CommandLine(new Main()).execute(args);
            return new CliRun(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }
}
