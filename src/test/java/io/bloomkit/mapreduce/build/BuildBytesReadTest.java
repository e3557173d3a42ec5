package io.bloomkit.mapreduce.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableWriter;
import java.io.File;
import java.io.IOException;
import java.util.Map;
import java.util.Random;
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
 * build's {@code inputBytesRead}: a Parquet or ORC build reads only the key column, far fewer
 * bytes than the same build reading every column ({@code -D bloomkit.input.projection=false}),
 * which reads at least the wide columns' bytes; the filters are the same.
 */
public class BuildBytesReadTest {
  @TempDir public File tmp;

  private static final Schema SCHEMA = SchemaBuilder.record("wide").fields()
      .requiredLong("id").requiredString("a").requiredString("b").requiredString("c").endRecord();

  private Map<String, Object> build(File in, String out, boolean projection) {
    ToolRun r = ToolRun.run(new BuildTool(), "-D", "bloomkit.input.projection=" + projection,
        "--input", in.getPath(), "--output", new File(tmp, out).getPath(),
        "--key-field", "id", "--filter", "bf", "--json");
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  @Test
  public void aProjectedBuildReadsOnlyTheKeyColumn() throws Exception {
    Configuration conf = new Configuration();
    FileSystem fs = FileSystem.getLocal(conf);
    Random rnd = new Random(5);
    for (TableFormat format : new TableFormat[] {TableFormat.PARQUET, TableFormat.ORC}) {
      File dir = newFolder(tmp, format.cliName());
      try (TableWriter w = TableWriter.open(conf, fs, new Path(new File(dir, "part-0").toURI()),
          format, SCHEMA, "none", ",")) {
        for (int i = 0; i < 4000; i++) {
          GenericRecord g = new GenericData.Record(SCHEMA);
          g.put("id", (long) i);
          for (String c : new String[] {"a", "b", "c"}) {
            StringBuilder s = new StringBuilder();
            for (int k = 0; k < 40; k++) {
              s.append((char) ('a' + rnd.nextInt(26))); // incompressible enough
            }
            g.put(c, s.toString());
          }
          w.write(g);
        }
      }
      Map<String, Object> keys = build(dir, format + ".keys", true);
      Map<String, Object> all = build(dir, format + ".all", false);
      long projected = (Long) keys.get("inputBytesRead");
      long full = (Long) all.get("inputBytesRead");
      // the wide columns hold 4000 x 3 x 40 random letters: at least 4.7 bits each compressed
      long wide = 4000L * 3 * 40 * 47 / 80;
      assertTrue(full >= wide, format + ": full " + full);
      assertTrue(projected * 4 < full, format + ": projected " + projected + " vs full " + full);
      assertEquals(keys.get("items"), all.get("items"));
      assertEquals(4000L, (long) (Long) keys.get("inputRecords"));
    }
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
