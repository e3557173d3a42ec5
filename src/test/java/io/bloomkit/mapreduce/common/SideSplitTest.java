package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.CombinedTableSplit;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A join's split carries its side and the inner split through serialization, as a task gets it. */
public class SideSplitTest {
  @Test
  public void sideAndInnerSplitSurviveSerialization() throws Exception {
    Configuration conf = new Configuration(false);
    FileSplit inner = new FileSplit(new Path("file:/data/a,b;c.txt"), 128, 512, new String[0]);
    SideSplit split = new SideSplit(SideInputs.RIGHT, inner, conf);
    DataOutputBuffer out = new DataOutputBuffer();
    split.write(out);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(out.getData(), out.getLength());
    SideSplit back = new SideSplit();
    back.setConf(conf);
    back.readFields(in);
    assertEquals(SideInputs.RIGHT, back.side());
    assertEquals(SideInputs.RIGHT, SideInputs.sideOf(back));
    assertEquals(-1, SideInputs.sideOf(inner));
    assertTrue(back.inner() instanceof FileSplit);
    FileSplit f = (FileSplit) back.inner();
    assertEquals(inner.getPath(), f.getPath());
    assertEquals(128, f.getStart());
    assertEquals(512, f.getLength());
    assertEquals(512, back.getLength());
    assertArrayEquals(new String[0], back.getLocations());
    // the file through the tag, without reflection
    assertEquals("file:/data/a,b;c.txt", Records.fileOf(back));
    assertEquals("file:/data/a,b;c.txt", Records.fileOf(inner));
  }

  @TempDir public File tmp;

  /**
   * A combined split of small files through a side's tag, as a join's task gets it: every line
   * read once, and {@link Records#fileOf} names the file of the line in hand.
   */
  @Test
  public void aCombinedSplitOfASideFollowsItsFiles() throws Exception {
    Configuration conf = ToolRun.localConf();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      File f = new File(tmp, "in/f" + i + ".txt");
      f.getParentFile().mkdirs();
      String text = "";
      for (int j = 0; j <= i % 3; j++) {
        String line = "k" + j + "\t" + f.getName();
        text += line + "\n";
        expected.add(new Path(f.toURI()) + " " + line);
      }
      Files.writeString(f.toPath(), text);
    }
    TableSpec spec = TableSpec.builder(TableFormat.TEXT).key(List.of("0"), List.of())
        .otherFields(List.of("1")).build();
    Job job = Job.getInstance(conf);
    spec.store(job.getConfiguration(), BloomkitConfig.JOIN_RIGHT_INPUT_SPEC);
    job.getConfiguration().setBoolean(FileInputFormat.INPUT_DIR_RECURSIVE, true);
    FileInputFormat.setInputPaths(job, new Path(new File(tmp, "in").toURI()));
    List<InputSplit> splits = new SideInputs.SideTable(SideInputs.RIGHT).getSplits(job);
    assertEquals(1, splits.size()); // 12 files of a few bytes: one split (local block 32 MB)
    assertTrue(splits.get(0) instanceof CombinedTableSplit, splits.toString());

    DataOutputBuffer out = new DataOutputBuffer();
    new SideSplit(SideInputs.RIGHT, splits.get(0), job.getConfiguration()).write(out);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(out.getData(), out.getLength());
    SideSplit back = new SideSplit();
    back.setConf(job.getConfiguration());
    back.readFields(in);
    assertEquals(splits.get(0).getLength(), back.getLength());

    List<String> read = new ArrayList<>();
    TaskAttemptContext context =
        new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
    try (RecordReader<LongWritable, Row> reader =
        new SideInputs.Format().createRecordReader(back, context)) {
      reader.initialize(back, context);
      while (reader.nextKeyValue()) {
        Row row = reader.getCurrentValue();
        assertTrue(Records.fileOf(back).endsWith("/" + row.value(1)), Records.fileOf(back));
        read.add(Records.fileOf(back) + " " + row.line());
      }
    }
    Collections.sort(expected);
    Collections.sort(read);
    assertEquals(expected, read);
  }
}
