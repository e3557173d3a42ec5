package io.bloomkit.mapreduce.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A malformed record of a columnar file is named by its record number in the file ({@code at record
 * N}), not a byte offset: a {@code --strict} build of a Parquet string column read as long keys.
 */
public class BuildColumnarPositionTest {
  @TempDir public File tmp;

  @Test
  public void strictBuildNamesTheParquetRecordNumber() throws Exception {
    Schema schema = SchemaBuilder.record("r").fields().requiredString("k").endRecord();
    Random r = new Random(13);
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 200 + r.nextInt(100); i++) {
      keys.add(String.valueOf(r.nextInt(1_000_000)));
    }
    int bad = 1 + r.nextInt(keys.size() - 1); // not the first: a record number is not 0 by luck
    keys.set(bad, "x");
    File file = new File(tmp, "t.parquet");
    Configuration conf = new Configuration();
    try (ParquetWriter<GenericRecord> w = AvroParquetWriter.<GenericRecord>builder(
            HadoopOutputFile.fromPath(new Path(file.toURI()), conf))
        .withSchema(schema).withDataModel(GenericData.get()).withConf(conf).build()) {
      for (String k : keys) {
        GenericRecord g = new GenericData.Record(schema);
        g.put("k", k);
        w.write(g);
      }
    }
    File out = new File(tmp, "f.bf");
    ToolRun strict = ToolRun.run(new BuildTool(), "--input", file.getPath(), "--output",
        out.getPath(), "--key-field", "k", "--key-type", "long", "--strict");
    assertEquals(1, strict.code, strict.toString());
    assertTrue(strict.err.contains("t.parquet at record " + bad + ": "), strict.err);
    assertTrue(strict.err.contains("\"x\""), strict.err);
    assertFalse(strict.err.contains("byte offset"), strict.err);
    assertFalse(out.exists());
    // without --strict the warning's sample (written by the task, read by the client) says so too
    ToolRun warned = ToolRun.run(new BuildTool(), "--input", file.getPath(), "--output",
        out.getPath(), "--key-field", "k", "--key-type", "long", "--max-malformed-share", "0");
    assertEquals(0, warned.code, warned.toString());
    assertTrue(warned.err.contains("t.parquet at record " + bad + ": \"x\""), warned.err);
  }
}
