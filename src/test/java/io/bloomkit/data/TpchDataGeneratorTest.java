package io.bloomkit.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

public class TpchDataGeneratorTest {
  @Test
  public void ordersAtScaleOneHundredthHaveFifteenThousandRowsInAnyNumberOfParts()
      throws IOException {
    MemorySink one = new MemorySink();
    assertEquals(15_000, TpchDataGenerator.of("orders", 0.01).write(one, 1));
    MemorySink three = new MemorySink();
    assertEquals(15_000, TpchDataGenerator.of("ORDERS", 0.01).write(three, 3));
    assertArrayEquals(one.bytes("orders"), three.bytes("orders"));
    assertEquals(3, three.partCount("orders"));
    List<String> lines = one.lines("orders");
    assertEquals(15_000, lines.size());
    // dbgen's layout: 9 fields, each followed by '|'; order keys are sparse (8 of every 32)
    assertEquals(9, lines.get(0).split("\\|", -1).length - 1);
    assertTrue(lines.get(0).startsWith("1|"));
  }

  @Test
  public void lineitemRowsReferenceGeneratedOrders() throws IOException {
    MemorySink orders = new MemorySink();
    TpchDataGenerator.of("orders", 0.001).write(orders, 1);
    MemorySink items = new MemorySink();
    long rows = TpchDataGenerator.of("lineitem", 0.001).write(items, 2);
    assertEquals(items.lines("lineitem").size(), rows);
    assertTrue(rows > 1_500 * 3); // 1 to 7 items per order
    Set<String> keys = new HashSet<>();
    for (String o : orders.lines("orders")) {
      keys.add(o.substring(0, o.indexOf('|')));
    }
    for (String l : items.lines("lineitem")) {
      assertTrue(keys.contains(l.substring(0, l.indexOf('|'))), l);
    }
  }

  @Test
  public void ordersFractionKeepsExactlyThePredicatesOrders() throws IOException {
    MemorySink all = new MemorySink();
    TpchDataGenerator.of("orders", 0.01).write(all, 1);
    MemorySink some = new MemorySink();
    long kept = TpchDataGenerator.of("orders", 0.01).withOrdersFraction(0.1).write(some, 2);
    // independent reference: filter the full table by the documented predicate
    long expected = 0;
    StringBuilder reference = new StringBuilder();
    for (String line : all.lines("orders")) {
      long key = Long.parseLong(line.substring(0, line.indexOf('|')));
      if (TpchDataGenerator.keepsOrder(key, 0.1)) {
        expected++;
        reference.append(line).append('\n');
      }
    }
    assertEquals(expected, kept);
    assertEquals(reference.toString(), new String(some.bytes("orders"), "US-ASCII"));
    assertTrue(kept > 1_300 && kept < 1_700, "kept " + kept); // binomial(15000, 0.1): sd 37
  }

  @Test
  public void thePredicateSelectsAboutTheFraction() {
    int kept = 0;
    for (long k = 1; k <= 1_000_000; k++) {
      if (TpchDataGenerator.keepsOrder(k, 0.01)) {
        kept++;
      }
    }
    assertTrue(kept > 9_500 && kept < 10_500, "kept " + kept); // sd about 100
    assertTrue(TpchDataGenerator.keepsOrder(12345, 1.0));
  }

  @Test
  public void rejectsBadArguments() {
    expectIllegal(() -> TpchDataGenerator.of("nosuch", 1));
    expectIllegal(() -> TpchDataGenerator.of("orders", 0));
    expectIllegal(() -> TpchDataGenerator.of("orders", 1).withOrdersFraction(0));
    expectIllegal(() -> TpchDataGenerator.of("orders", 1).withOrdersFraction(1.5));
    expectIllegal(() -> TpchDataGenerator.of("lineitem", 1).withOrdersFraction(0.5));
  }

  private static void expectIllegal(Runnable r) {
    try {
      r.run();
      fail("expected IllegalArgumentException");
    } catch (IllegalArgumentException expected) {
      assertTrue(expected.getMessage().length() > 0, expected.getMessage());
    }
  }
}
