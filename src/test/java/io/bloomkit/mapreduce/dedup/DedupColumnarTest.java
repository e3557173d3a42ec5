package io.bloomkit.mapreduce.dedup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableWriter;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The click log's well-formed records as Avro, Parquet and ORC files (a nullable user, a long
 * time), written by the library's own writer, deduplicated by column name in local mode: the kept
 * and removed records are the naive dedup's (with SQL null users), rendered as the text lines.
 */
public class DedupColumnarTest {
  @TempDir public File tmp;

  private static final String NULL = "\\N";
  private static final Schema SCHEMA = SchemaBuilder.record("click").fields()
      .requiredString("id").optionalString("user").requiredLong("time").requiredString("payload")
      .endRecord();

  /** Well-formed lines only (a columnar file has no malformed line), every 7th user null. */
  private static List<String> files() {
    List<String> out = new ArrayList<>();
    int n = 0;
    for (String f : new DedupData(5, 1500, 200, 2, 500).files) {
      StringBuilder b = new StringBuilder();
      for (String line : f.split("\n")) {
        String[] p = line.split(",", -1);
        if (p.length == 4 && p[2].matches("[0-9]+")) {
          p[1] = ++n % 7 == 0 ? NULL : p[1];
          b.append(String.join(",", p)).append('\n');
        }
      }
      out.add(b.toString());
    }
    return out;
  }

  @Test
  public void columnarInputsByNameEqualTheNaiveDedup() throws Exception {
    List<String> files = files();
    DedupData.Expected e = DedupData.dedup(files, new int[] {1}, 2, 0, 1, NULL, false);
    Configuration conf = new Configuration();
    FileSystem fs = FileSystem.getLocal(conf);
    for (TableFormat format : new TableFormat[] {TableFormat.AVRO, TableFormat.PARQUET,
        TableFormat.ORC}) {
      File dir = new File(tmp, format.cliName());
      for (int f = 0; f < files.size(); f++) {
        Path path = new Path(new File(dir, "part-" + f).toURI());
        try (TableWriter w = TableWriter.open(conf, fs, path, format, SCHEMA, null, ",")) {
          for (String line : files.get(f).split("\n")) {
            String[] p = line.split(",", -1);
            GenericRecord r = new GenericData.Record(SCHEMA);
            r.put("id", p[0]);
            r.put("user", p[1].equals(NULL) ? null : p[1]);
            r.put("time", Long.parseLong(p[2]));
            r.put("payload", p[3]);
            w.write(r);
          }
        }
      }
      File out = new File(tmp, format.cliName() + ".out");
      ToolRun r = ToolRun.run(new DedupTool(), "--input", dir.getPath(), "--output",
          out.getPath(), "--duplicates", out.getPath() + ".dup", "--key-field", "user",
          "--time-field", "time", "--delimiter", ",", "--reducers", "2", "--json");
      assertEquals(0, r.code, r.toString());
      Map<String, Object> j = MiniJson.parseObject(r.lastLine());
      assertEquals(e.kept, DedupData.multiset(DedupData.readParts(out)), format.cliName());
      assertEquals(e.duplicates, DedupData.multiset(DedupData.readParts(new File(out.getPath() + ".dup"))),
          format.cliName());
      assertEquals(e.records, (long) (Long) j.get("inputRecords"));
      assertEquals(e.nullKeys, (long) (Long) j.get("nullKeys"));
      assertEquals(e.records, (Long) j.get("kept") + (Long) j.get("duplicates")
          + (Long) j.get("nullKeys"));
    }
  }

  /**
   * A rendered columnar record may hold a newline, so its bare line could look like a stream
   * dedup's local marker (a newline and 8 bytes): with a local filter such records travel framed,
   * and none is mistaken for a marker (each record is kept or removed exactly as a naive dedup says).
   */
  @Test
  public void aRecordShapedLikeALocalMarkerIsStillARecord() throws Exception {
    Schema one = SchemaBuilder.record("k").fields().requiredString("key").endRecord();
    Configuration conf = new Configuration();
    FileSystem fs = FileSystem.getLocal(conf);
    File dir = new File(tmp, "marker-shaped");
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      keys.add(i % 3 == 0 ? "\nabcdefgh" : "key" + (i % 40));
    }
    try (TableWriter w = TableWriter.open(conf, fs, new Path(new File(dir, "part-0").toURI()),
        TableFormat.AVRO, one, null, ",")) {
      for (String k : keys) {
        GenericRecord r = new GenericData.Record(one);
        r.put("key", k);
        w.write(r);
      }
    }
    assertEquals(9, keys.get(0).getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
    File out = new File(tmp, "marker-shaped.out");
    ToolRun r = ToolRun.run(new DedupTool(), "--input", dir.getPath(), "--output", out.getPath(),
        "--key-field", "key", "--method", "stream", "--filter", "bf", "--memory-bits", "60000",
        "--local-filter", "exact", "--evaluate", "--reducers", "1", "--json");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    long distinct = keys.stream().distinct().count();
    long kept = (Long) j.get("kept");
    // every record is kept or removed (none lost as a "marker"), and the kept ones are the
    // distinct keys less the oracle's false positives plus its false negatives
    assertEquals(keys.size(), (long) (Long) j.get("inputRecords"));
    assertEquals(keys.size(), kept + (Long) j.get("duplicates"));
    assertEquals(distinct - (Long) j.get("falsePositives") + (Long) j.get("falseNegatives"), kept);
    // the marker-shaped key's first record is in the output (spanning two lines), unless the
    // filter wrongly took it for a duplicate
    String text = String.join("\n", DedupData.readParts(out));
    assertEquals(true, text.contains("abcdefgh") || (Long) j.get("falsePositives") > 0);
  }
}
