package io.bloomkit.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The charts are PNGs of the set size, with the series drawn in their colours. */
public class ChartsTest {
  @TempDir public File tmp;

  static int pixelsOf(BufferedImage img, Color c) {
    int n = 0;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        n += (img.getRGB(x, y) & 0xFFFFFF) == (c.getRGB() & 0xFFFFFF) ? 1 : 0;
      }
    }
    return n;
  }

  @Test
  public void xyChartDrawsEachSeriesInItsColour() throws Exception {
    Path png = tmp.toPath().resolve("sub/dir/xy.png");
    double[] x = {8, 10, 12, 14};
    Color theory = Charts.palette(0);
    Color measured = Charts.palette(3);
    Charts.xy(png, "FPR", "m/n", "rate", true, List.of(
        new Charts.Series("theory", x, new double[] {1e-1, 1e-2, 1e-3, 1e-4}, true).color(theory),
        new Charts.Series("measured", x, new double[] {2e-1, 2e-2, 2e-3, 2e-4}, false).color(measured)));
    BufferedImage img = ReportFiles.assertChart(png);
    assertTrue(pixelsOf(img, theory) > 50, "theory line drawn");
    assertTrue(pixelsOf(img, measured) > 50, "measured markers drawn");
    // a colour no series uses is only where anti-aliasing might put it: far fewer pixels
    assertTrue(pixelsOf(img, Charts.palette(6)) < 10);
  }

  @Test
  public void barChartDrawsOneSeriesPerEntry() throws Exception {
    Path png = tmp.toPath().resolve("bars.png");
    Map<String, List<Double>> series = new LinkedHashMap<>();
    series.put("exact", List.of(3.0, 5.0));
    series.put("stream", List.of(1.0, 2.0));
    Charts.bars(png, "bytes", "MB", false, List.of("dup10", "dup50"), series);
    ReportFiles.assertChart(png);
  }

  @Test
  public void paletteCycles() {
    assertTrue(Charts.palette(0).equals(Charts.palette(8)) && Charts.palette(-1).equals(Charts.palette(7)));
    assertTrue(!Charts.palette(0).equals(Charts.palette(1)));
  }
}
