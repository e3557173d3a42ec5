package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.xengine.DuckDb;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.compat.RowGroupFilter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link KeyBounds} against a naive model (a sorted set of the keys), through the spec's JSON, and
 * the Parquet filter it gives ({@link ParquetSkipping}) on files DuckDB wrote: which row groups it
 * keeps is recounted from each row group's own min/max.
 */
public class KeyBoundsTest {
  @TempDir public File tmp;

  private static KeyBounds longs(long... keys) {
    KeyBounds.Collector c = new KeyBounds.Collector(KeyType.LONG);
    for (long k : keys) {
      c.add(CanonicalKey.ofLong(k), 0, 8);
    }
    return c.bounds();
  }

  @Test
  public void boundsAreTheLeastTheGreatestAndTheSortedKeys() {
    Random random = new Random(42);
    for (int n : new int[] {1, 2, 100, KeyBounds.MAX_VALUES, KeyBounds.MAX_VALUES + 1, 5000}) {
      TreeSet<Long> model = new TreeSet<>();
      while (model.size() < n) {
        model.add(random.nextLong() >> random.nextInt(64));
      }
      long[] keys = model.stream().mapToLong(Long::longValue).toArray();
      KeyBounds b = longs(keys);
      assertEquals(model.first(), b.min());
      assertEquals(model.last(), b.max());
      assertEquals(n <= KeyBounds.MAX_VALUES ? new ArrayList<>(model) : List.of(), b.values());
      TableSpec spec = TableSpec.builder(TableFormat.PARQUET).key(List.of("k"), List.of())
          .keyBounds(b).build();
      KeyBounds back = TableSpec.fromJson(spec.toJson()).keyBounds();
      assertEquals(b.toString(), back.toString());
      assertEquals(b.values(), back.values());
      assertEquals(b.min(), back.min());
    }
    // strings in UTF-8 byte order, as Parquet orders them: U+FFFD after U+10000's surrogates
    KeyBounds.Collector c = new KeyBounds.Collector(KeyType.STRING);
    for (String s : new String[] {"b", "\uFFFD", "a", "\uD800\uDC00", "é"}) {
      byte[] u = s.getBytes(StandardCharsets.UTF_8);
      c.add(u, 0, u.length);
    }
    KeyBounds s = c.bounds();
    assertEquals(List.of("a", "b", "é", "\uFFFD", "\uD800\uDC00"), s.values());
    assertEquals("a", s.min());
    assertEquals("\uD800\uDC00", s.max());
    assertNull(new KeyBounds.Collector(KeyType.LONG).bounds());
    assertThrows(IllegalArgumentException.class, () -> new KeyBounds.Collector(KeyType.DECIMAL));
    assertNull(TableSpec.fromJson(TableSpec.builder(TableFormat.PARQUET)
        .key(List.of("k"), List.of()).build().toJson()).keyBounds());
  }

  /** The row groups the filter keeps: those whose [min, max] holds a key, by a recount. */
  private static void keepsTheRowGroupsHoldingAKey(Configuration conf, File f, String column,
      KeyType type, KeyBounds b, long[] keys) throws Exception {
    keepsTheRowGroupsHoldingAKey(conf, f, column, 0, type, b, keys);
  }

  /** As above, the statistics of the file's column number {@code at}. */
  private static void keepsTheRowGroupsHoldingAKey(Configuration conf, File f, String column,
      int at, KeyType type, KeyBounds b, long[] keys) throws Exception {
    Path p = new Path(f.toURI());
    TableSpec spec = TableSpec.builder(TableFormat.PARQUET).key(List.of(column), List.of(type))
        .keyBounds(b).build();
    try (ParquetFileReader r = ParquetRows.openFooter(conf, p)) {
      FilterCompat.Filter filter =
          ParquetSkipping.filter(spec, r.getFooter().getFileMetaData().getSchema());
      List<BlockMetaData> kept = RowGroupFilter.filterRowGroups(ParquetSkipping.LEVELS, filter,
          r.getRowGroups(), r);
      List<Long> want = new ArrayList<>();
      for (BlockMetaData g : r.getRowGroups()) {
        org.apache.parquet.column.statistics.Statistics<?> st = g.getColumns().get(at)
            .getStatistics();
        long min = ((Number) st.genericGetMin()).longValue();
        long max = ((Number) st.genericGetMax()).longValue();
        if (Arrays.stream(keys).anyMatch(k -> k >= min && k <= max)) {
          want.add(g.getRowIndexOffset());
        }
      }
      List<Long> got = new ArrayList<>();
      kept.forEach(g -> got.add(g.getRowIndexOffset()));
      assertEquals(want, got, column + " " + b);
      assertTrue(got.size() < r.getRowGroups().size(), "some row group is skipped");
    }
  }

  @Test
  public void intAndLongColumnsKeepTheRowGroupsHoldingAKey() throws Exception {
    File f = new File(tmp, "ints.parquet");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT (i - 10000)::INTEGER AS i32, (i - 10000)::BIGINT AS i64"
          + " FROM range(20000) r(i) ORDER BY i) TO '" + f + "' (FORMAT parquet,"
          + " ROW_GROUP_SIZE 2048)");
    }
    Configuration conf = RowsRead.localConf();
    long[] keys = {-9000, -8999, 100, 4097, 9999};
    keepsTheRowGroupsHoldingAKey(conf, f, "i64", 1, KeyType.LONG, longs(keys), keys);
    // an INT32 column: keys beyond an int are left out of the list, the range clamped
    long[] wide = {-9000, 100, 1L << 40, -(1L << 40)};
    keepsTheRowGroupsHoldingAKey(conf, f, "i32", KeyType.LONG, longs(wide),
        new long[] {-9000, 100});
    // more keys than listed: the range alone
    long[] many = new long[KeyBounds.MAX_VALUES + 1];
    for (int i = 0; i < many.length; i++) {
      many[i] = 2000 + i;
    }
    keepsTheRowGroupsHoldingAKey(conf, f, "i64", 1, KeyType.LONG, longs(many),
        new long[] {2000, 2000 + KeyBounds.MAX_VALUES, 2500});
    // a column named like a number is that column, as the readers resolve it, not the column
    // at that position ("0" is the column named 0, the second one here, not a)
    File named = new File(tmp, "named.parquet");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i::BIGINT AS a, (19999 - i)::BIGINT AS \"0\""
          + " FROM range(20000) r(i) ORDER BY i) TO '" + named + "' (FORMAT parquet,"
          + " ROW_GROUP_SIZE 2048)");
    }
    long[] inZero = {100, 101};
    keepsTheRowGroupsHoldingAKey(conf, named, "0", 1, KeyType.LONG, longs(inZero), inZero);
    // a column of another type, or not in the file: no filter
    try (ParquetFileReader r = ParquetRows.openFooter(conf, new Path(f.toURI()))) {
      TableSpec other = TableSpec.builder(TableFormat.PARQUET).key(List.of("absent"), List.of())
          .keyBounds(longs(keys)).build();
      assertSame(FilterCompat.NOOP,
          ParquetSkipping.filter(other, r.getFooter().getFileMetaData().getSchema()));
    }
  }
}
