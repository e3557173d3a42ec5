package io.bloomkit.data;

import io.trino.tpch.Order;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * TPC-H tables as dbgen's pipe-delimited lines (each row's {@code toLine()} from
 * {@code io.trino.tpch}), written in parts that together equal the single-part table.
 *
 * <h2>The small-side predicate</h2>
 *
 * The classic Bloom-join workload joins all of {@code lineitem} with a restricted {@code orders}.
 * {@link #withOrdersFraction(double)} keeps an order when {@link #keepsOrder(long, double)}: the
 * SplitMix64 finalizer of {@code o_orderkey}, read as a number in {@code [0, 1)}, is below the
 * fraction. That selects a pseudo-random, deterministic subset of about {@code fraction} of the
 * orders, independent of the scale and of the number of parts, and uncorrelated with the key order,
 * the date and the price (so the join's selectivity on {@code l_orderkey} is also about {@code
 * fraction}).
 */
public final class TpchDataGenerator {
  /** Field index of {@code o_orderkey} in orders and of {@code l_orderkey} in lineitem. */
  public static final int ORDERKEY_FIELD = 0;

  public static final char DELIMITER = '|';

  private final TpchTable<?> table;
  private final double scale;
  private final double ordersFraction;

  private TpchDataGenerator(TpchTable<?> table, double scale, double ordersFraction) {
    this.table = table;
    this.scale = scale;
    this.ordersFraction = ordersFraction;
  }

  /**
   * @param tableName a TPC-H table name as dbgen spells it ({@link #tableNames()}), any case
   * @param scale the scale factor, positive (1 is 1.5M orders, about 6M line items)
   */
  public static TpchDataGenerator of(String tableName, double scale) {
    if (!(scale > 0) || Double.isInfinite(scale)) {
      throw new IllegalArgumentException("scale must be positive: " + scale);
    }
    TpchTable<?> t;
    try {
      t = TpchTable.getTable(tableName.toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown TPC-H table '" + tableName + "', expected one of " + tableNames(), e);
    }
    return new TpchDataGenerator(t, scale, 1.0);
  }

  /** The table names accepted by {@link #of}: customer, orders, lineitem, part, ... */
  public static List<String> tableNames() {
    List<String> names = new ArrayList<>();
    for (TpchTable<?> t : TpchTable.getTables()) {
      names.add(t.getTableName());
    }
    return names;
  }

  /** Keeps only about {@code fraction} of the orders (see the class comment); orders only. */
  public TpchDataGenerator withOrdersFraction(double fraction) {
    if (!(fraction > 0 && fraction <= 1)) {
      throw new IllegalArgumentException("orders fraction must be in (0, 1]: " + fraction);
    }
    if (table != TpchTable.ORDERS && fraction < 1) {
      throw new IllegalArgumentException(
          "the orders fraction applies to the orders table only, not " + table.getTableName());
    }
    return new TpchDataGenerator(table, scale, fraction);
  }

  public String tableName() {
    return table.getTableName();
  }

  /** The predicate of {@link #withOrdersFraction}: true for about {@code fraction} of the keys. */
  public static boolean keepsOrder(long orderKey, double fraction) {
    return fraction >= 1 || SplitMix64.unit(SplitMix64.mix(orderKey)) < fraction;
  }

  /**
   * Writes the table in {@code parts} parts (dataset name: the table name); returns the rows
   * written.
   */
  public long write(PartSink sink, int parts) throws IOException {
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be at least 1: " + parts);
    }
    long rows = 0;
    for (int p = 0; p < parts; p++) {
      try (AsciiLineWriter w = new AsciiLineWriter(sink.open(table.getTableName(), p))) {
        for (TpchEntity row : table.createGenerator(scale, p + 1, parts)) {
          if (ordersFraction < 1 && !keepsOrder(((Order) row).getOrderKey(), ordersFraction)) {
            continue;
          }
          w.writeAscii(row.toLine()).endLine();
        }
        rows += w.lines();
      }
    }
    return rows;
  }
}
