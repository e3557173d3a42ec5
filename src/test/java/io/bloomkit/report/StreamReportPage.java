package io.bloomkit.report;

import java.nio.file.Path;
import java.util.Map;

/**
 * What the sections of {@link StreamFiltersReport} share: the Markdown being written, the output
 * directory for the charts, {@code --quick}, and the time spent in simulations.
 */
final class StreamReportPage {
  /** The output directory: the report and {@code stream-filters/*.png}. */
  final Path out;
  /** Shorter streams ({@code --quick}). */
  final boolean quick;
  final StringBuilder md = new StringBuilder();
  /** Milliseconds spent in {@link #sim}. */
  long simMillis;

  StreamReportPage(Path out, boolean quick) {
    this.out = out;
    this.quick = quick;
  }

  /** Appends one line. */
  void p(String s) {
    md.append(s).append('\n');
  }

  /** The one row of {@code simulate dedup} run with {@code args}. */
  Map<String, Object> sim(String... args) {
    long t = System.nanoTime();
    Map<String, Object> r = SimRun.run("dedup", args).get(0);
    simMillis += (System.nanoTime() - t) / 1_000_000;
    return r;
  }
}
