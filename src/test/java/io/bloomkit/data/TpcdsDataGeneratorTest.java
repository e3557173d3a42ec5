package io.bloomkit.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

public class TpcdsDataGeneratorTest {
  /** Julian day number of 1970-01-01: TPC-DS date keys are Julian day numbers. */
  private static final long JULIAN_EPOCH = 2_440_588;

  private static String md5(byte[] bytes) throws NoSuchAlgorithmException {
    String hex = new BigInteger(1, MessageDigest.getInstance("MD5").digest(bytes)).toString(16);
    return "0".repeat(32 - hex.length()) + hex;
  }

  private static String[] fields(String line) {
    assertTrue(line.endsWith("|"), line); // dsdgen ends every row with the delimiter
    return line.substring(0, line.length() - 1).split("\\|", -1);
  }

  /**
   * The tables at scale 0.01, in two parts, are byte for byte dsdgen's: the MD5 digests below are
   * those the generator library checks its output against (its tests, computed from the C
   * dsdgen). item's second part starts in the middle of an item's versions (row 1001 is the second
   * version of its i_item_id), which a part generated on its own would get wrong.
   */
  @Test
  public void dimensionTablesAreDsdgensInAnyNumberOfParts() throws Exception {
    TpcdsDataGenerator g = TpcdsDataGenerator.of(List.of("ITEM", "store", " date_dim"), 0.01);
    assertEquals(List.of("item", "store", "date_dim"), g.tables());
    String[][] expected = {
      {"item", "0a91c4e489e9b491d638bc089196164c"},
      {"store", "2efbb51460dd4c7c41cb0efeaef44b5e"},
      {"date_dim", "f3e77714328dcc57302777e72fd7747c"},
    };
    MemorySink two = new MemorySink();
    for (String[] e : expected) {
      long rows = g.write(e[0], two, 2);
      assertEquals(2, two.partCount(e[0]), e[0]);
      assertEquals(e[1], md5(two.bytes(e[0])), e[0]);
      // the library's row-count table: one row per row number in the dimension tables
      assertEquals(g.rowNumbers(e[0]), rows, e[0]);
      assertEquals(rows, two.lines(e[0]).size(), e[0]);
    }
    MemorySink one = new MemorySink();
    g.write("item", one, 1);
    assertArrayEquals(one.bytes("item"), two.bytes("item"));
    assertEquals(2_000, g.rowNumbers("item"));
    assertEquals(73_049, g.rowNumbers("date_dim"));

    // every date_dim row: d_date_sk is the Julian day number of d_date, whose year, month and
    // day are d_year, d_moy, d_dom
    long previous = 0;
    for (String line : two.lines("date_dim")) {
      String[] f = fields(line);
      assertEquals(28, f.length);
      LocalDate d = LocalDate.parse(f[2]);
      long sk = Long.parseLong(f[0]);
      assertEquals(d.toEpochDay() + JULIAN_EPOCH, sk, line);
      assertEquals(d.getYear(), Integer.parseInt(f[6]), line);
      assertEquals(d.getMonthValue(), Integer.parseInt(f[8]), line);
      assertEquals(d.getDayOfMonth(), Integer.parseInt(f[9]), line);
      assertEquals(previous == 0 ? sk : previous + 1, sk, line);
      previous = sk;
    }
    assertTrue(two.lines("date_dim").get(0).startsWith("2415022|AAAAAAAAOKJNECAA|1900-01-02|"));
  }

  /**
   * store_sales at scale 0.01 (its smallest: 10,000 tickets at any scale up to 0.01), in two
   * parts, is dsdgen's (the library's test digest); the library's row numbers are tickets (8 to 16
   * line items each); every line's keys reference rows of the dimension tables generated at the
   * same scale, and a few are null (dsdgen's empty field).
   */
  @Test
  public void storeSalesTicketsMatchTheRowCountTableAndReferenceTheDimensions() throws Exception {
    TpcdsDataGenerator g = TpcdsDataGenerator.of(TpcdsDataGenerator.DEFAULT_TABLES, 0.01);
    MemorySink sink = new MemorySink();
    long rows = g.write("store_sales", sink, 2);
    assertEquals("082d16bc89e2edcdda34b6b752ba13bd", md5(sink.bytes("store_sales")));
    g.write("item", sink, 1);
    g.write("store", sink, 1);
    Set<String> items = new HashSet<>();
    for (String line : sink.lines("item")) {
      items.add(fields(line)[0]);
    }
    Set<String> stores = new HashSet<>();
    for (String line : sink.lines("store")) {
      stores.add(fields(line)[0]);
    }
    List<String> lines = sink.lines("store_sales");
    assertEquals(rows, lines.size());
    Set<String> tickets = new HashSet<>();
    long nullStores = 0;
    long nullDates = 0;
    for (String line : lines) {
      String[] f = fields(line);
      assertEquals(23, f.length, line);
      tickets.add(f[9]); // ss_ticket_number
      if (f[0].isEmpty()) {
        nullDates++;
      } else {
        LocalDate sold = LocalDate.ofEpochDay(Long.parseLong(f[0]) - JULIAN_EPOCH);
        assertTrue(sold.getYear() >= 1998 && sold.getYear() <= 2003, line);
      }
      assertTrue(f[2].isEmpty() || items.contains(f[2]), line); // ss_item_sk
      if (f[7].isEmpty()) { // ss_store_sk
        nullStores++;
      } else {
        assertTrue(stores.contains(f[7]), line);
      }
    }
    assertEquals(g.rowNumbers("store_sales"), tickets.size());
    assertTrue(rows >= 8 * tickets.size() && rows <= 16 * tickets.size());
    assertTrue(nullStores > 0 && nullStores < rows / 10, "null store keys " + nullStores);
    assertTrue(nullDates > 0 && nullDates < rows / 10, "null date keys " + nullDates);
  }

  @Test
  public void badTablesAndScalesAreRefused() {
    String[][] bad = {{"nosuch"}, {"item", "item"}, {}};
    for (String[] t : bad) {
      try {
        TpcdsDataGenerator.of(List.of(t), 1);
        fail(String.join(",", t));
      } catch (IllegalArgumentException e) {
        assertNotNull(e.getMessage());
      }
    }
    for (double scale : new double[] {0, -1, 100_001, Double.NaN}) {
      try {
        TpcdsDataGenerator.of(List.of("item"), scale);
        fail("scale " + scale);
      } catch (IllegalArgumentException e) {
        assertTrue(e.getMessage().contains("scale"), e.getMessage());
      }
    }
    assertTrue(TpcdsDataGenerator.tableNames().containsAll(TpcdsDataGenerator.DEFAULT_TABLES));
    assertEquals(24, TpcdsDataGenerator.tableNames().size());
  }
}
