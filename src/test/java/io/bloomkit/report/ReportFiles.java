package io.bloomkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/** Checks on what the report generators write: PNG charts and Markdown tables. */
final class ReportFiles {
  private ReportFiles() {}

  /** The PNG at {@code png}, decoded, of the charts' size (900 x 560) and not blank. */
  static BufferedImage assertChart(Path png) throws IOException {
    assertTrue(Files.isRegularFile(png), png + " written");
    byte[] b = Files.readAllBytes(png);
    assertTrue(b.length > 8 && (b[0] & 0xFF) == 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G', png + " is a PNG");
    BufferedImage img = ImageIO.read(png.toFile());
    assertNotNull(img, png + " decodes");
    assertEquals(900, img.getWidth());
    assertEquals(560, img.getHeight());
    assertTrue(colours(img) > 2, png + " has something drawn");
    return img;
  }

  static int colours(BufferedImage img) {
    java.util.Set<Integer> seen = new java.util.HashSet<>();
    for (int y = 0; y < img.getHeight(); y += 3) {
      for (int x = 0; x < img.getWidth(); x += 3) {
        seen.add(img.getRGB(x, y));
      }
    }
    return seen.size();
  }

  static String read(Path md) throws IOException {
    assertTrue(Files.isRegularFile(md), md + " written");
    return Files.readString(md, StandardCharsets.UTF_8);
  }

  /**
   * The rows of the Markdown table whose header line starts with {@code header}: each row's
   * cells, trimmed (the header and the |---| line excluded).
   */
  static List<String[]> table(String md, String header) {
    String[] lines = md.split("\n");
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].startsWith(header)) {
        int columns = cells(lines[i]).length;
        List<String[]> rows = new ArrayList<>();
        for (int j = i + 2; j < lines.length && lines[j].startsWith("|"); j++) {
          String[] c = cells(lines[j]);
          assertEquals(columns, c.length, lines[j]);
          rows.add(c);
        }
        return rows;
      }
    }
    throw new AssertionError("no table headed " + header + " in\n" + md);
  }

  private static String[] cells(String line) {
    String s = line.trim();
    s = s.substring(1, s.length() - 1);
    String[] c = s.split("\\|", -1);
    for (int i = 0; i < c.length; i++) {
      c[i] = c[i].trim();
    }
    return c;
  }

  /** Every image {@code ![..](file)} the Markdown links, each a chart under {@code dir}. */
  static int assertLinkedCharts(String md, Path dir) throws IOException {
    Matcher m = Pattern.compile("!\\[[^\\]]*\\]\\(([^)]+\\.png)\\)").matcher(md);
    int n = 0;
    while (m.find()) {
      assertChart(dir.resolve(m.group(1)));
      n++;
    }
    return n;
  }
}
