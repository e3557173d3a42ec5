package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.xengine.DuckDb;
import java.io.File;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The partition rules of {@link HivePartitions}, and the errors a user meets first. */
public class HivePartitionsTest {
  @TempDir public File tmp;

  private File write(String relative, String text) throws Exception {
    File f = new File(tmp, relative);
    f.getParentFile().mkdirs();
    Files.write(f.toPath(), text.getBytes(StandardCharsets.UTF_8));
    return f;
  }

  private static Configuration local() {
    return ToolRun.localConf();
  }

  @Test
  public void valuesAreUnescapedAsHiveAndJavaEscapeThemNullForTheDefaultPartition()
      throws Exception {
    for (String v : new String[] {"a/b", "x y", "50%", "k=v", "é ü", "a:b#c"}) {
      // java.net.URLEncoder is an independent escaper (spaces as %20 as Hive and DuckDB do)
      String escaped = URLEncoder.encode(v, StandardCharsets.UTF_8).replace("+", "%20");
      assertEquals(v, HivePartitions.value(KeyType.STRING, escaped));
    }
    assertEquals("100%", HivePartitions.value(KeyType.STRING, "100%")); // no escape: as is
    assertNull(HivePartitions.value(KeyType.STRING, HivePartitions.DEFAULT_PARTITION));
    assertNull(HivePartitions.value(KeyType.LONG, ""));
    assertEquals(-7L, HivePartitions.value(KeyType.LONG, "-7"));
    assertEquals(LocalDate.of(2024, 2, 29), HivePartitions.value(KeyType.DATE, "2024-02-29"));
    assertEquals(0, new BigDecimal("12.50").compareTo(
        (BigDecimal) HivePartitions.value(KeyType.DECIMAL, "12.50")));
  }

  @Test
  public void partitionValuesOfATextInputBesideItsFields() throws Exception {
    write("in/k=a%2Fb/d=2024-01-02/part.txt", "x\t1\ny\t2\n");
    write("in/k=__HIVE_DEFAULT_PARTITION__/d=/part.txt", "z\t3\n");
    TableSpec spec = TableSpec.builder(TableFormat.TEXT).key(List.of("k", "0"), List.of())
        .otherFields(List.of("d")).build();
    Path in = new Path(new File(tmp, "in").getPath());
    TableSpec resolved = HivePartitions.resolve(local(), spec, new Path[] {in}, false,
        HivePartitions.parseTypes("partition-types", "d:date"), "partition-types", true);
    assertEquals(List.of("k", "d"), resolved.partitions().names());
    List<String> rows = new ArrayList<>();
    Tables.read(local(), resolved, (file, position, row) -> rows.add(row.value(0) + "|"
        + row.value(1) + "|" + row.value(2) + "|" + row.line()), in);
    // files in path order: k=__HIVE_DEFAULT_PARTITION__ before k=a%2Fb
    assertEquals(List.of("null|z|null|z\t3\t\\N\t\\N", "a/b|x|2024-01-02|x\t1\ta/b\t2024-01-02",
        "a/b|y|2024-01-02|y\t2\ta/b\t2024-01-02"), rows);
  }

  @Test
  public void filesWithOtherPartitionDirectoriesFailNamingBoth() throws Exception {
    write("in/a=1/part.txt", "x\n");
    write("in/b=1/part.txt", "y\n");
    File out = new File(tmp, "out");
    ToolRun r = ToolRun.run(new DedupTool(), "--input", new File(tmp, "in").getPath(),
        "--output", out.getPath(), "--key-field", "0");
    assertEquals(BloomkitTool.USAGE, r.code, r.toString());
    assertTrue(r.err.contains("a=1/part.txt") && r.err.contains("b=1/part.txt"), r.err);
    assertTrue(!out.exists());
  }

  @Test
  public void badPartitionTypesAndDuplicateNamesAreUsageErrors() throws Exception {
    File dir = new File(tmp, "t");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i AS id, 'v' || (i % 3) AS p, i % 2 AS q FROM range(0, 30) r(i))"
          + " TO " + DuckDb.literal(dir.toPath())
          + " (FORMAT parquet, PARTITION_BY (p), WRITE_PARTITION_COLUMNS true)");
    }
    String[][] cases = {
      {"p", "--partition-types", "p:long", "p=v0"},
      {"p", "--partition-types", "p:int", "--partition-types"},
      {"p", "--partition-types", "nope:long", "nope"},
      {"id", "--partition-types", "p", "name:type"},
    };
    for (String[] c : cases) {
      File out = new File(tmp, "out");
      ToolRun r = ToolRun.run(new DedupTool(), "--input", dir.getPath(), "--output",
          out.getPath(), "--key-field", c[0], c[1], c[2]);
      assertEquals(BloomkitTool.USAGE, r.code, r.toString());
      assertTrue(r.err.contains(c[3]), c[3] + "\n" + r.err);
      assertTrue(!out.exists());
    }
    // the files also hold column p: a partition column cannot repeat one
    File out = new File(tmp, "out");
    ToolRun r = ToolRun.run(new DedupTool(), "--input", dir.getPath(), "--output",
        out.getPath(), "--key-field", "id");
    assertEquals(BloomkitTool.USAGE, r.code, r.toString());
    assertTrue(r.err.contains("\"p\" is both a partition directory"), r.err);
  }

  @Test
  public void specKeepsThePartitionsThroughJson() throws Exception {
    write("in/k=1/part.txt", "x\n");
    Path in = new Path(new File(tmp, "in").getPath());
    TableSpec spec = HivePartitions.resolve(local(),
        TableSpec.builder(TableFormat.TEXT).key(List.of("k"), List.of()).build(),
        new Path[] {in}, false, Map.of("k", KeyType.LONG), "partition-types", true);
    TableSpec back = TableSpec.fromJson(spec.toJson());
    assertEquals(spec, back);
    assertEquals(List.of(KeyType.LONG), back.partitions().types());
    assertEquals(List.of(KeyType.LONG), back.keyTypes());
    assertArrayEquals(new Object[] {1L},
        back.partitions().values(new Path(new File(tmp, "in/k=1/part.txt")
            .toURI())));
    try {
      back.partitions().values(new Path(new File(tmp, "in/part.txt").toURI()));
      fail();
    } catch (java.io.IOException e) {
      assertTrue(e.getMessage().contains("no partition directory"), e.getMessage());
    }
  }
}
