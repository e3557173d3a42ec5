package io.bloomkit.data;

import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.TableGenerator;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * TPC-DS tables as dsdgen's pipe-delimited lines, from the Trino TPC-DS generator ({@code
 * io.trino.tpcds}, a port of dsdgen): each row's fields joined by {@code |} with a {@code |} after
 * the last one, a null as the empty field (dsdgen's defaults, the library's own {@code
 * TableGenerator.formatRow}), UTF-8 encoded.
 *
 * <p>A table is written in parts that together equal the single-part table. A row number of the
 * generator is one table row for every table but the sales tables and their returns, where it is
 * one ticket or order of several line items ({@code store_sales}: 8 to 16); {@link
 * #rowNumbers(String)} is that count, the library's own row-count table ({@code Scaling}). Part
 * {@code p} of {@code P} holds row numbers {@code N*p/P+1 .. N*(p+1)/P}: the rows of a table are
 * generated in one pass (a slowly changing dimension's versions of one business key, e.g. item's,
 * follow from the version before, so a part cannot start mid-key), the tickets of a sales table in
 * one pass per part (the library skips its random streams to a part's first ticket, as its own
 * parallel chunks do).
 */
public final class TpcdsDataGenerator {
  public static final char DELIMITER = '|';

  /** The tables of the star-join benchmark, written when none are named. */
  public static final List<String> DEFAULT_TABLES =
      List.of("store_sales", "date_dim", "item", "store");

  private static final double MAX_SCALE = 100_000; // the library's largest

  private final List<Table> tables;
  private final double scale;

  private TpcdsDataGenerator(List<Table> tables, double scale) {
    this.tables = tables;
    this.scale = scale;
  }

  /**
   * @param tableNames TPC-DS table names ({@link #tableNames()}), any case, each once
   * @param scale the scale factor, in (0, 100000]: 1 is about 1 GB of text (store_sales 2.9M
   *     rows); fractional scales shrink the tables that grow with the scale
   * @throws IllegalArgumentException for an unknown or repeated table or a bad scale
   */
  public static TpcdsDataGenerator of(List<String> tableNames, double scale) {
    if (!(scale > 0 && scale <= MAX_SCALE)) {
      throw new IllegalArgumentException("scale must be in (0, " + (long) MAX_SCALE + "]: " + scale);
    }
    if (tableNames.isEmpty()) {
      throw new IllegalArgumentException("no TPC-DS table named");
    }
    List<Table> tables = new ArrayList<>();
    for (String name : tableNames) {
      Table t = table(name);
      if (tables.contains(t)) {
        throw new IllegalArgumentException("TPC-DS table '" + name + "' named twice");
      }
      tables.add(t);
    }
    return new TpcdsDataGenerator(tables, scale);
  }

  private static Table table(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    for (Table t : Table.getBaseTables()) {
      if (t.getName().equals(n) && t != Table.DBGEN_VERSION) {
        return t;
      }
    }
    throw new IllegalArgumentException(
        "unknown TPC-DS table '" + name + "', expected some of " + tableNames());
  }

  /**
   * The table names accepted by {@link #of}: the 24 tables of TPC-DS, call_center, catalog_page,
   * ..., web_site (not dsdgen's dbgen_version, which holds the time of the run).
   */
  public static List<String> tableNames() {
    List<String> names = new ArrayList<>();
    for (Table t : Table.getBaseTables()) {
      if (t != Table.DBGEN_VERSION) {
        names.add(t.getName());
      }
    }
    return names;
  }

  /** The tables, in the order given. */
  public List<String> tables() {
    List<String> names = new ArrayList<>();
    for (Table t : tables) {
      names.add(t.getName());
    }
    return names;
  }

  public double scale() {
    return scale;
  }

  /**
   * The generator's row numbers of a table at this scale (the library's row-count table): its rows,
   * or for a sales table its tickets or orders.
   */
  public long rowNumbers(String tableName) {
    return session(table(tableName)).getScaling().getRowCount(table(tableName));
  }

  private Session session(Table t) {
    // one table only: store_sales makes no store_returns rows (its random streams advance alike)
    return Session.getDefaultSession().withScale(scale).withTable(t);
  }

  /**
   * Writes table {@code tableName} (one of {@link #tables()}) in {@code parts} parts (dataset name:
   * the table name); returns the lines written.
   */
  public long write(String tableName, PartSink sink, int parts) throws IOException {
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be at least 1: " + parts);
    }
    Table t = table(tableName);
    if (!tables.contains(t)) {
      throw new IllegalArgumentException(tableName + " is not one of " + tables());
    }
    Session session = session(t);
    long total = session.getScaling().getRowCount(t);
    if (!ticketed(t)) { // one pass: a slowly changing dimension's row depends on the rows before
      Iterator<List<List<String>>> rows = Results.constructResults(t, 1, total, session).iterator();
      for (int p = 0; p < parts; p++) {
        try (OutputStream out = new BufferedOutputStream(sink.open(t.getName(), p), 1 << 16)) {
          for (long n = first(total, p, parts); n <= last(total, p, parts); n++) {
            write(out, rows.next(), session);
          }
        }
      }
      return total;
    }
    long lines = 0;
    for (int p = 0; p < parts; p++) {
      long first = first(total, p, parts);
      long last = last(total, p, parts);
      try (OutputStream out = new BufferedOutputStream(sink.open(t.getName(), p), 1 << 16)) {
        if (first > last) {
          continue; // an empty part: fewer tickets than parts
        }
        for (List<List<String>> row : Results.constructResults(t, first, last, session)) {
          write(out, row, session);
          lines++;
        }
      }
    }
    return lines;
  }

  /**
   * Whether a row number of {@code t} is a ticket or order of several lines (the sales tables and
   * their returns): such a table is cut at row numbers, as the library's own parallel chunks are.
   */
  private static boolean ticketed(Table t) {
    return t.hasChild() || t.isChild();
  }

  private static long first(long total, int part, int parts) {
    return total * part / parts + 1;
  }

  private static long last(long total, int part, int parts) {
    return total * (part + 1) / parts;
  }

  private static void write(OutputStream out, List<List<String>> rowAndChildren, Session session)
      throws IOException {
    out.write(TableGenerator.formatRow(rowAndChildren.get(0), session)
        .getBytes(StandardCharsets.UTF_8));
  }
}
