package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.filterjob.LocalKeys;
import java.io.File;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LocalKeys} over Avro, Parquet and ORC files written by each format's own writer ({@link
 * ColumnarSamples}), against a naive model: the canonical keys of the rows' values as written
 * (null parts make a null key, a double read as {@code long} a malformed record).
 */
public class LocalKeysColumnarTest {
  @TempDir public File tmp;

  private final Configuration conf = new Configuration();

  private static final int ROWS = 300;

  /** What the model found. */
  private static final class Model {
    final Set<ByteBuffer> keys = new HashSet<>();
    long nulls;
    long malformed;
    long firstMalformed = -1;
  }

  private static byte[] canonical(KeyType type, Object v) {
    switch (type) {
      case LONG:
        return v instanceof Long ? CanonicalKey.ofLong((Long) v) : null;
      case BOOLEAN:
        return CanonicalKey.ofBoolean((Boolean) v);
      default:
        return CanonicalKey.ofString((String) v);
    }
  }

  private static Model model(List<ColumnarSamples.Sample> rows, List<String> fields,
      List<KeyType> types) {
    Model m = new Model();
    for (int r = 0; r < rows.size(); r++) {
      byte[][] parts = new byte[fields.size()][];
      String outcome = "key";
      for (int i = 0; i < parts.length && outcome.equals("key"); i++) {
        Object v = rows.get(r).get(fields.get(i));
        if (v == null) {
          outcome = "null";
        } else if ((parts[i] = canonical(types.get(i), v)) == null) {
          outcome = "malformed";
        }
      }
      if (outcome.equals("null")) {
        m.nulls++;
      } else if (outcome.equals("malformed")) {
        m.malformed++;
        if (m.firstMalformed < 0) {
          m.firstMalformed = r;
        }
      } else {
        m.keys.add(ByteBuffer.wrap(parts.length == 1 ? parts[0] : CanonicalKey.composite(parts)));
      }
    }
    return m;
  }

  private Path write(TableFormat format, List<ColumnarSamples.Sample> rows) throws Exception {
    File f = new File(tmp, "t." + format.cliName());
    f.delete();
    switch (format) {
      case AVRO:
        return ColumnarSamples.writeAvro(f, rows, 2000);
      case PARQUET:
        return ColumnarSamples.writeParquet(f, rows, 64 << 10);
      default:
        return ColumnarSamples.writeOrc(f, rows, 64L << 10);
    }
  }

  /** Rows whose {@code ok} and {@code addr.city} repeat (several rows per key). */
  private static List<ColumnarSamples.Sample> rows() {
    List<ColumnarSamples.Sample> out = new ArrayList<>();
    for (ColumnarSamples.Sample s : ColumnarSamples.numbered(ROWS)) {
      long i = s.id % 40; // the values of row i repeat every 40 rows
      out.add(new ColumnarSamples.Sample(s.id, i * 3, "name-" + i, "1.25", "2020-01-01",
          "2020-01-01T00:00:00Z", i % 2 == 0, i / 4.0, i % 3 == 0 ? null : "c" + i, i,
          s.tags));
    }
    return out;
  }

  private void check(TableFormat format, Path file, List<String> fields, List<KeyType> types)
      throws Exception {
    List<ColumnarSamples.Sample> rows = rows();
    Model m = model(rows, fields, types);
    TableSpec spec = TableSpec.builder(format).key(fields, types).projection(true).build();
    LocalKeys k = LocalKeys.read(conf, spec, new Path[] {file}, "input", false);
    String what = format + " " + fields;
    assertEquals(ROWS, k.records(), what);
    assertEquals(m.nulls, k.nullKeys(), what);
    assertEquals(m.malformed, k.tally().malformed, what);
    assertEquals(m.keys.size(), k.distinctKeys(), what);
    for (ByteBuffer b : m.keys) {
      assertTrue(k.contains(b.array(), 0, b.remaining()), what);
    }
    if (m.firstMalformed >= 0) {
      assertNotNull(k.tally().first, what);
      assertTrue(k.tally().first.recordNumber, what);
      assertEquals(m.firstMalformed, k.tally().first.offset, what);
    }
  }

  @Test
  public void typedCompositeNullAndMalformedKeysOfEveryColumnarFormat() throws Exception {
    for (TableFormat f : new TableFormat[] {TableFormat.AVRO, TableFormat.PARQUET,
        TableFormat.ORC}) {
      Path file = write(f, rows());
      check(f, file, List.of("big"), List.of(KeyType.LONG)); // 40 distinct longs
      check(f, file, List.of("ok", "addr.city"), List.of(KeyType.BOOLEAN, KeyType.STRING)); // nulls
      check(f, file, List.of("addr.city", "score"), List.of(KeyType.STRING, KeyType.LONG)); // malformed
      check(f, file, List.of("name"), List.of(KeyType.STRING));
    }
  }
}
