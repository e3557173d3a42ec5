package io.bloomkit.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What the sections of {@link DistributedFiltersReport} share: the Markdown being written and the
 * directory of its charts ({@code distributed-filters/} next to the report).
 */
final class DistributedReportPage {
  final StringBuilder md = new StringBuilder();
  /** The charts' directory. */
  private final Path img;

  DistributedReportPage(Path img) {
    this.img = img;
  }

  /** Appends one paragraph. */
  void p(String s) {
    md.append(s).append("\n\n");
  }

  /** Draws a chart into the charts' directory and links it. */
  void chart(String file, String title, String xl, String yl, boolean logY, List<Charts.Series> s)
      throws IOException {
    Charts.xy(img.resolve(file), title, xl, yl, logY, s);
    md.append("![").append(title).append("](distributed-filters/").append(file).append(")\n\n");
  }
}
