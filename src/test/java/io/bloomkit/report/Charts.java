package io.bloomkit.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** PNG charts for the results reports (XChart). One place for size, fonts and styles. */
public final class Charts {
  private Charts() {}

  /** A series: name, x values, y values, and whether it is drawn as a line (theory) or points. */
  public static final class Series {
    final String name;
    final double[] x;
    final double[] y;
    final boolean line;

    public Series(String name, double[] x, double[] y, boolean line) {
      this.name = name;
      this.x = x;
      this.y = y;
      this.line = line;
    }
  }

  /** Writes an XY chart to {@code png} (parent directories created). */
  public static void xy(
      Path png, String title, String xLabel, String yLabel, boolean logY, List<Series> series)
      throws IOException {
    XYChart chart =
        new XYChartBuilder().width(900).height(560).title(title).xAxisTitle(xLabel).yAxisTitle(yLabel).build();
    chart.getStyler().setYAxisLogarithmic(logY);
    chart.getStyler().setLegendVisible(true);
    chart.getStyler().setMarkerSize(7);
    for (Series s : series) {
      XYSeries xs = chart.addSeries(s.name, s.x, s.y);
      if (s.line) {
        xs.setMarker(SeriesMarkers.NONE);
      } else {
        xs.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      }
    }
    Files.createDirectories(png.toAbsolutePath().getParent());
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
