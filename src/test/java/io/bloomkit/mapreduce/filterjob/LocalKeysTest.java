package io.bloomkit.mapreduce.filterjob;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.Filter;
import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.BuildCounters;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LocalKeys} against a naive model: the canonical keys of each line found by a hand-written
 * parse (split on the delimiter, the null token, {@code Long.parseLong}) in a {@code HashSet}.
 */
public class LocalKeysTest {
  @TempDir public File tmp;

  private final Configuration conf = new Configuration();

  /** What the model found in a text input. */
  private static final class Model {
    final Set<ByteBuffer> keys = new HashSet<>();
    long records;
    long malformed;
    long nullKeys;
    long firstMalformedOffset = -1;
    String firstMalformedFile;
  }

  /**
   * Lines {@code i|k<i % 101>|<i % 37>} with a null key field 1 every 7th line, a non-number in
   * field 2 every 11th, a line of one field every 50th and a blank line every 97th.
   */
  private static String lines(int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      if (i % 97 == 5) {
        b.append('\n');
      } else if (i % 50 == 3) {
        b.append("only").append(i).append('\n');
      } else {
        b.append(i).append('|').append(i % 7 == 0 ? "\\N" : "k" + (i % 101)).append('|')
            .append(i % 11 == 0 ? "x" + i : String.valueOf(i % 37)).append('\n');
      }
    }
    return b.toString();
  }

  /** The naive model of files read with key fields {@code fields} typed {@code types}. */
  private static Model model(List<File> files, int[] fields, KeyType[] types) throws Exception {
    Model m = new Model();
    for (File f : files) {
      byte[] all = Files.readAllBytes(f.toPath());
      int offset = 0;
      for (String line : new String(all, StandardCharsets.UTF_8).split("\n", -1)) {
        if (offset >= all.length) {
          break; // the empty piece after the last newline
        }
        int at = offset;
        offset += line.getBytes(StandardCharsets.UTF_8).length + 1;
        m.records++;
        String[] parts = line.split("\\|", -1);
        boolean bad = line.trim().isEmpty();
        for (int field : fields) {
          bad |= field >= parts.length;
        }
        byte[][] enc = new byte[fields.length][];
        boolean isNull = false;
        for (int i = 0; i < fields.length && !bad && !isNull; i++) {
          String v = parts[fields[i]];
          if (v.equals("\\N")) {
            isNull = true;
          } else if (types[i] == KeyType.LONG) {
            try {
              enc[i] = CanonicalKey.ofLong(Long.parseLong(v));
            } catch (NumberFormatException e) {
              bad = true;
            }
          } else {
            enc[i] = CanonicalKey.ofString(v);
          }
        }
        if (bad) {
          m.malformed++;
          if (m.firstMalformedFile == null) {
            m.firstMalformedFile = f.getName();
            m.firstMalformedOffset = at;
          }
        } else if (isNull) {
          m.nullKeys++;
        } else {
          m.keys.add(ByteBuffer.wrap(fields.length == 1 ? enc[0] : CanonicalKey.composite(enc)));
        }
      }
    }
    return m;
  }

  private static TableSpec text(List<String> fields, List<KeyType> types) {
    return TableSpec.builder(TableFormat.TEXT).delimiter('|').key(fields, types).projection(true)
        .build();
  }

  private List<File> write(String name, String... contents) throws Exception {
    File dir = newFolder(tmp, name);
    List<File> files = new ArrayList<>();
    for (int i = 0; i < contents.length; i++) {
      File f = new File(dir, "part-" + i);
      Files.write(f.toPath(), contents[i].getBytes(StandardCharsets.UTF_8));
      files.add(f);
    }
    return files;
  }

  private static void assertMatches(Model m, LocalKeys k) {
    assertEquals(m.records, k.records());
    assertEquals(m.records, k.tally().records);
    assertEquals(m.malformed, k.tally().malformed);
    assertEquals(m.nullKeys, k.nullKeys());
    assertEquals(m.keys.size(), k.distinctKeys());
    long bytes = 0;
    for (ByteBuffer b : m.keys) {
      bytes += b.remaining();
      assertTrue(k.contains(b.array(), 0, b.remaining()));
      // a window of a larger array
      byte[] padded = new byte[b.remaining() + 3];
      System.arraycopy(b.array(), 0, padded, 2, b.remaining());
      assertTrue(k.contains(padded, 2, b.remaining()));
    }
    assertEquals(bytes, k.keyBytes());
    if (m.firstMalformedFile != null) {
      assertNotNull(k.tally().first);
      assertTrue(k.tally().first.file.endsWith("/" + m.firstMalformedFile), k.tally().first.file);
      assertEquals(m.firstMalformedOffset, k.tally().first.offset);
      assertFalse(k.tally().first.recordNumber);
    }
    JobCounters c = k.counters();
    assertEquals(m.records, c.get(BuildCounters.INPUT_RECORDS));
    assertEquals(m.malformed, c.get(BuildCounters.MALFORMED_RECORDS));
    assertEquals(m.nullKeys, c.get(BuildCounters.NULL_KEYS));
    assertEquals(m.keys.size(), c.get(BuildCounters.DISTINCT_KEYS));
    // the exact set built from the keys is the model's
    List<byte[]> expected = new ArrayList<>();
    for (ByteBuffer b : m.keys) {
      expected.add(b.array());
    }
    Filter exact = k.build(new FilterSpec("exact", Math.max(1, m.keys.size()), 0, 0, 16, 0));
    assertEquals(ExactKeySet.of(expected), exact);
  }

  private static Path[] paths(List<File> files) {
    return new Path[] {new Path(files.get(0).getParentFile().toURI())};
  }

  @Test
  public void stringKeysNullsAndMalformedLinesAsTheModel() throws Exception {
    List<File> files = write("s", lines(1000), lines(333));
    int[] fields = {1};
    Model m = model(files, fields, new KeyType[] {KeyType.STRING});
    assertTrue(m.malformed > 0 && m.nullKeys > 0);
    LocalKeys k = LocalKeys.read(conf, text(List.of("1"), List.of()), paths(files), "input", false);
    assertMatches(m, k);
    assertFalse(k.contains("k101".getBytes(StandardCharsets.UTF_8), 0, 4));
    assertFalse(k.contains(CanonicalKey.ofString("k5"), 0, 1));
  }

  @Test
  public void compositeTypedKeysAsTheModel() throws Exception {
    List<File> files = write("c", lines(1200));
    int[] fields = {1, 2};
    Model m = model(files, fields, new KeyType[] {KeyType.STRING, KeyType.LONG});
    LocalKeys k = LocalKeys.read(conf,
        text(List.of("1", "2"), List.of(KeyType.STRING, KeyType.LONG)), paths(files), "input",
        false);
    assertMatches(m, k);
    // a long key alone: "x.." is malformed, the numbers are 0..36
    Model longs = model(files, new int[] {2}, new KeyType[] {KeyType.LONG});
    LocalKeys l = LocalKeys.read(conf, text(List.of("2"), List.of(KeyType.LONG)), paths(files),
        "input", false);
    assertMatches(longs, l);
    assertEquals(37, l.distinctKeys());
  }

  /** Tens of thousands of keys: the table grows many times and still answers as a HashSet. */
  @Test
  public void manyKeysGrowTheTable() throws Exception {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 60_000; i++) {
      b.append(i).append('|').append("key").append((i * 7919L) % 45_000).append('\n');
    }
    List<File> files = write("many", b.toString());
    Model m = model(files, new int[] {1}, new KeyType[] {KeyType.STRING});
    LocalKeys k = LocalKeys.read(conf, text(List.of("1"), List.of()), paths(files), "input", false);
    assertEquals(45_000, m.keys.size());
    assertMatches(m, k);
    for (int i = 45_000; i < 46_000; i++) {
      byte[] absent = ("key" + i).getBytes(StandardCharsets.UTF_8);
      assertFalse(k.contains(absent, 0, absent.length));
    }
  }

  @Test
  public void strictFailsOnTheFirstMalformedRecordNamingItsOffset() throws Exception {
    List<File> files = write("strict", lines(100));
    Model m = model(files, new int[] {1}, new KeyType[] {KeyType.STRING});
    try {
      LocalKeys.read(conf, text(List.of("1"), List.of()), paths(files), "input", true);
      fail("strict read of a malformed line");
    } catch (Records.MalformedRecordException e) {
      assertTrue(e.getMessage().startsWith("malformed record in "), e.getMessage());
      assertTrue(e.getMessage().contains("part-0 at byte offset " + m.firstMalformedOffset + ": "),
          e.getMessage());
    }
  }

  /** Past the budget of {@link BloomkitConfig#BUILD_LOCAL_MAX_BYTES} the read stops. */
  @Test
  public void theMemoryHeldStaysWithinTheBudget() throws Exception {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 5000; i++) {
      b.append("some-longer-key-").append(i).append('\n');
    }
    List<File> files = write("big", b.toString());
    Configuration small = new Configuration(conf);
    small.setLong(BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key(), 64 << 10);
    try {
      LocalKeys.read(small, text(List.of("0"), List.of()), paths(files), "left input", false);
      fail("the keys need more than 64 KiB");
    } catch (LocalKeys.TooLargeException e) {
      assertTrue(e.getMessage().contains("left input"), e.getMessage());
      assertTrue(e.getMessage().contains(BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key()), e.getMessage());
    }
    small.setLong(BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key(), 1 << 20);
    LocalKeys k = LocalKeys.read(small, text(List.of("0"), List.of()), paths(files), "input", false);
    assertEquals(5000, k.distinctKeys());
    assertTrue(k.heldBytes() <= 1 << 20);
    assertTrue(k.heldBytes() >= k.keyBytes() + 4L * 3 * 5000);
  }

  @Test
  public void csvKeysWithQuotesAndHeader() throws Exception {
    List<String> names = Arrays.asList("a,b", "say \"hi\"", "plain", "", "multi word");
    StringBuilder b = new StringBuilder("id,name,other\n");
    Set<ByteBuffer> expected = new HashSet<>();
    for (int i = 0; i < 200; i++) {
      String name = names.get(i % names.size()) + (i % 3);
      expected.add(ByteBuffer.wrap(CanonicalKey.ofString(name)));
      b.append(i).append(",\"").append(name.replace("\"", "\"\"")).append("\",x\n");
    }
    List<File> files = write("csv", b.toString());
    TableSpec csv = TableSpec.builder(TableFormat.CSV).delimiter(',').csvHeader(true)
        .key(List.of("1"), List.of()).projection(true).build();
    LocalKeys k = LocalKeys.read(conf, csv, paths(files), "input", false);
    assertEquals(200, k.records());
    assertEquals(0, k.tally().malformed);
    assertEquals(expected.size(), k.distinctKeys());
    for (ByteBuffer e : expected) {
      assertTrue(k.contains(e.array(), 0, e.remaining()), new String(e.array(), StandardCharsets.UTF_8));
    }
    List<byte[]> all = new ArrayList<>();
    expected.forEach(e -> all.add(e.array()));
    assertArrayEquals(toBytes(ExactKeySet.of(all)),
        toBytes(k.build(new FilterSpec("exact", expected.size(), 0, 0, 16, 0))));
  }

  private static byte[] toBytes(Filter f) throws Exception {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    f.writeTo(out);
    return out.toByteArray();
  }

  private static File newFolder(File root, String... subDirs) throws IOException {
    String subFolder = String.join("/", subDirs);
    File result = new File(root, subFolder);
    if (!result.mkdirs()) {
      throw new IOException("Couldn't create folders " + root);
    }
    return result;
  }
}
