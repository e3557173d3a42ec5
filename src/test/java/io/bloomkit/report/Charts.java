package io.bloomkit.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
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
    java.awt.Color color;

    public Series(String name, double[] x, double[] y, boolean line) {
      this.name = name;
      this.x = x;
      this.y = y;
      this.line = line;
    }

    /** Draws the series in {@code color} (e.g. a filter's theory line and its measurements). */
    public Series color(java.awt.Color c) {
      this.color = c;
      return this;
    }
  }

  /** A palette of distinguishable colours, for {@link Series#color}. */
  public static java.awt.Color palette(int i) {
    java.awt.Color[] p = {
      new java.awt.Color(0x1f77b4), new java.awt.Color(0xff7f0e), new java.awt.Color(0x2ca02c),
      new java.awt.Color(0xd62728), new java.awt.Color(0x9467bd), new java.awt.Color(0x8c564b),
      new java.awt.Color(0xe377c2), new java.awt.Color(0x7f7f7f)
    };
    return p[Math.floorMod(i, p.length)];
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
      if (s.color != null) {
        xs.setLineColor(s.color);
        xs.setMarkerColor(s.color);
      }
      if (s.line) {
        xs.setMarker(SeriesMarkers.NONE);
      } else {
        xs.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
      }
    }
    Files.createDirectories(png.toAbsolutePath().getParent());
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  /** A grouped bar chart: one bar group per category, one bar per series. */
  public static void bars(
      Path png,
      String title,
      String yLabel,
      boolean logY,
      List<String> categories,
      java.util.Map<String, List<Double>> series)
      throws IOException {
    CategoryChart chart =
        new CategoryChartBuilder().width(900).height(560).title(title).yAxisTitle(yLabel).build();
    chart.getStyler().setYAxisLogarithmic(logY);
    chart.getStyler().setLegendVisible(series.size() > 1);
    chart.getStyler().setXAxisLabelRotation(30);
    for (java.util.Map.Entry<String, List<Double>> e : series.entrySet()) {
      chart.addSeries(e.getKey(), categories, e.getValue());
    }
    Files.createDirectories(png.toAbsolutePath().getParent());
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
