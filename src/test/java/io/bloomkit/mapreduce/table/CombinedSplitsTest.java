package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

/**
 * Small files packed into {@link CombinedTableSplit}s: every record of every file read exactly
 * once, each with its own file, as a job's tasks read them (splits serialized and read back, one
 * reader per split); compared with the files' own lines read here.
 */
public class CombinedSplitsTest {
  @TempDir public File tmp;

  /** A split size of 64 KB, each file counting 1 KB more. */
  private static Configuration conf() {
    Configuration conf = ToolRun.localConf();
    conf.setLong(FileInputFormat.SPLIT_MAXSIZE, 64 << 10);
    BloomkitConfig.INPUT_OPEN_COST_BYTES.set(conf, "1024");
    return conf;
  }

  private File write(String relative, String text) throws IOException {
    File f = new File(tmp, relative);
    f.getParentFile().mkdirs();
    Files.write(f.toPath(), text.getBytes(StandardCharsets.UTF_8));
    return f;
  }

  /**
   * 90 small files in three directories (0 to 29 lines each: empty files too) and one file of
   * 300 KB, whose lines name their file.
   */
  private Map<String, List<String>> files() throws IOException {
    Map<String, List<String>> lines = new HashMap<>();
    for (int i = 0; i < 90; i++) {
      String name = "in/d" + (i % 3) + "/f" + i + ".txt";
      StringBuilder b = new StringBuilder();
      List<String> own = new ArrayList<>();
      for (int j = 0; j < (i * 7) % 30; j++) {
        String line = "k" + ((i * 31 + j) % 50) + "\t" + name + "\t" + j;
        b.append(line).append('\n');
        own.add(line);
      }
      File f = write(name, b.toString());
      lines.put(new Path(f.toURI()).toString(), own);
    }
    StringBuilder big = new StringBuilder();
    List<String> own = new ArrayList<>();
    for (int j = 0; big.length() < 300 << 10; j++) {
      String line = "k" + (j % 50) + "\tin/big.txt\t" + j;
      big.append(line).append('\n');
      own.add(line);
    }
    File f = write("in/big.txt", big.toString());
    lines.put(new Path(f.toURI()).toString(), own);
    return lines;
  }

  private static TableSpec text() {
    return TableSpec.builder(TableFormat.TEXT).key(List.of("0"), List.of())
        .otherFields(List.of("1")).build();
  }

  private Job job(Configuration conf, TableSpec spec) throws IOException {
    Job job = Job.getInstance(conf);
    spec.store(job.getConfiguration(), BloomkitConfig.INPUT_SPEC);
    job.getConfiguration().setBoolean(FileInputFormat.INPUT_DIR_RECURSIVE, true);
    FileInputFormat.setInputPaths(job, new Path(new File(tmp, "in").toURI()));
    return job;
  }

  /** A split as a task gets it: written and read back. */
  private static InputSplit shipped(InputSplit split) throws IOException {
    if (!(split instanceof CombinedTableSplit)) {
      return split;
    }
    DataOutputBuffer out = new DataOutputBuffer();
    ((CombinedTableSplit) split).write(out);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(out.getData(), out.getLength());
    CombinedTableSplit back = new CombinedTableSplit();
    back.readFields(in);
    return back;
  }

  /** The file a reader of {@code split} is in, as a mapper asks for it. */
  private static String fileOf(InputSplit split) {
    FileSplit s = split instanceof CombinedTableSplit
        ? ((CombinedTableSplit) split).current() : (FileSplit) split;
    return s.getPath().toString();
  }

  /** Per file: the lines read of it, read split by split as tasks read them. */
  private static Map<String, List<String>> readAsTasks(Job job, List<InputSplit> splits,
      List<Float> progress) throws Exception {
    TableInputFormat format = new TableInputFormat();
    Map<String, List<String>> out = new HashMap<>();
    for (InputSplit original : splits) {
      InputSplit split = shipped(original);
      TaskAttemptContext context =
          new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (RecordReader<LongWritable, Row> reader = format.createRecordReader(split, context)) {
        reader.initialize(split, context);
        progress.add(reader.getProgress());
        while (reader.nextKeyValue()) {
          Row row = reader.getCurrentValue();
          String file = fileOf(split);
          assertTrue(file.endsWith("/" + row.value(1)), file + " gave " + row.line());
          out.computeIfAbsent(file, f -> new ArrayList<>()).add(row.line().toString());
          progress.add(reader.getProgress());
        }
        progress.add(reader.getProgress());
      }
    }
    return out;
  }

  @Test
  public void smallFilesArePackedAndEachRecordIsReadOnceWithItsOwnFile() throws Exception {
    Map<String, List<String>> expected = files();
    expected.values().removeIf(List::isEmpty);
    Configuration conf = conf();
    Job job = job(conf, text());
    TableInputFormat format = new TableInputFormat();
    List<InputSplit> fileSplits = format.fileSplits(job);
    List<InputSplit> splits = format.getSplits(job);
    assertEquals(91 + 4, fileSplits.size()); // 300 KB in 64 KB splits: 5

    // packed: 1 KB + a few hundred bytes per small file, up to 64 KB a split
    long combined = splits.stream().filter(s -> s instanceof CombinedTableSplit).count();
    assertTrue(combined >= 1 && splits.size() <= 8, splits.toString());
    long bytes = 0;
    int parts = 0;
    for (InputSplit s : splits) {
      bytes += s.getLength();
      if (s instanceof CombinedTableSplit) {
        List<FileSplit> p = ((CombinedTableSplit) s).parts();
        parts += p.size();
        long cost = 0;
        for (FileSplit f : p) {
          cost += f.getLength() + 1024;
        }
        assertTrue(p.size() == 1 || cost <= 64 << 10, s.toString()); // one part: a full split
        for (int i = 1; i < p.size(); i++) {
          assertTrue(p.get(i - 1).getPath().toString().compareTo(p.get(i).getPath().toString())
              <= 0, "path order: " + p);
        }
      } else {
        parts++;
      }
    }
    assertEquals(fileSplits.size(), parts);
    long fileBytes = 0;
    for (InputSplit s : fileSplits) {
      fileBytes += s.getLength();
    }
    assertEquals(fileBytes, bytes);
    // the large file's full splits stay what they were, each alone in a split of one part
    long whole = splits.stream().filter(s -> ((CombinedTableSplit) s).parts().size() == 1
        && ((CombinedTableSplit) s).parts().get(0).getPath().getName().equals("big.txt")).count();
    assertTrue(whole >= 4, splits.toString());

    List<Float> progress = new ArrayList<>();
    Map<String, List<String>> read = readAsTasks(job, splits, progress);
    assertEquals(expected.keySet(), read.keySet());
    for (Map.Entry<String, List<String>> e : expected.entrySet()) {
      assertEquals(e.getValue(), read.get(e.getKey()), e.getKey()); // in order, once each
    }
    for (float p : progress) {
      assertTrue(p >= 0 && p <= 1, "progress " + p);
    }
  }

  @Test
  public void progressOfACombinedSplitRisesToOne() throws Exception {
    files();
    Job job = job(conf(), text());
    TableInputFormat format = new TableInputFormat();
    for (InputSplit split : format.getSplits(job)) {
      if (!(split instanceof CombinedTableSplit)) {
        continue;
      }
      TaskAttemptContext context =
          new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (RecordReader<LongWritable, Row> reader = format.createRecordReader(split, context)) {
        reader.initialize(split, context);
        float last = reader.getProgress();
        assertEquals(0f, last);
        while (reader.nextKeyValue()) {
          float p = reader.getProgress();
          assertTrue(p >= last, p + " after " + last);
          last = p;
        }
        assertEquals(1f, reader.getProgress(), 1e-6);
      }
    }
  }

  @Test
  public void combiningOffGivesASplitPerFile() throws Exception {
    files();
    Configuration conf = conf();
    BloomkitConfig.INPUT_COMBINE.set(conf, "false");
    Job job = job(conf, text());
    TableInputFormat format = new TableInputFormat();
    List<InputSplit> files = format.fileSplits(job);
    List<InputSplit> splits = format.getSplits(job);
    assertEquals(files.size(), splits.size());
    for (int i = 0; i < splits.size(); i++) { // each file split alone, in a split of one part
      assertEquals(List.of(files.get(i)).toString(),
          ((CombinedTableSplit) splits.get(i)).parts().toString());
    }
  }

  /**
   * No task reads a {@link FileSplit}: for one, Hadoop's MapTask adds up the bytes every thread
   * read, under a lock the map slots share, twice per record. A lone split is a combined split of
   * one part, its hosts kept; read, it gives the file's records.
   */
  @Test
  public void aSplitThatFitsAloneIsACombinedSplitOfOnePart() throws Exception {
    Map<String, List<String>> expected = files();
    Configuration conf = conf();
    conf.setLong(FileInputFormat.SPLIT_MAXSIZE, 1L << 30); // one split per file, none packed
    BloomkitConfig.INPUT_OPEN_COST_BYTES.set(conf, String.valueOf(1L << 30));
    Job job = job(conf, text());
    TableInputFormat format = new TableInputFormat();
    List<InputSplit> files = format.fileSplits(job);
    List<InputSplit> splits = format.getSplits(job);
    assertEquals(files.size(), splits.size());
    for (int i = 0; i < splits.size(); i++) {
      assertFalse(splits.get(i) instanceof FileSplit);
      CombinedTableSplit c = (CombinedTableSplit) splits.get(i);
      assertEquals(List.of(files.get(i)).toString(), c.parts().toString()); // path:start+length
      assertEquals(List.of(files.get(i).getLocations()), List.of(c.getLocations()));
    }
    expected.values().removeIf(List::isEmpty);
    assertEquals(expected, readAsTasks(job, splits, new ArrayList<>()));
  }

  @Test
  public void partitionValuesFollowEachFileOfACombinedSplit() throws Exception {
    Map<String, List<String>> expected = new HashMap<>();
    for (int i = 0; i < 40; i++) {
      String name = "in/p=" + i + "/data.txt";
      List<String> own = new ArrayList<>();
      StringBuilder b = new StringBuilder();
      for (int j = 0; j < 3; j++) {
        own.add("x" + j + "\t" + i);
        b.append("x").append(j).append('\n');
      }
      File f = write(name, b.toString());
      expected.put(new Path(f.toURI()).toString(), own);
    }
    Configuration conf = conf();
    TableSpec spec = TableSpec.builder(TableFormat.TEXT).key(List.of("0"), List.of())
        .otherFields(List.of("p")).build();
    Path in = new Path(new File(tmp, "in").toURI());
    TableSpec resolved = HivePartitions.resolve(conf, spec, new Path[] {in}, false,
        HivePartitions.parseTypes("partition-types", "p:long"), "partition-types", true);
    Job job = job(conf, resolved);
    TableInputFormat format = new TableInputFormat();
    List<InputSplit> splits = format.getSplits(job);
    assertTrue(splits.size() < 40 && splits.get(0) instanceof CombinedTableSplit,
        splits.toString());
    Map<String, List<String>> read = new HashMap<>();
    for (InputSplit original : splits) {
      InputSplit split = shipped(original);
      TaskAttemptContext context =
          new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (RecordReader<LongWritable, Row> reader = format.createRecordReader(split, context)) {
        reader.initialize(split, context);
        while (reader.nextKeyValue()) {
          Row row = reader.getCurrentValue();
          read.computeIfAbsent(fileOf(split), f -> new ArrayList<>())
              .add(row.value(0) + "\t" + row.value(1));
        }
      }
    }
    assertEquals(expected, read);
  }

  @Test
  public void columnarFilesAreCombinedToo() throws Exception {
    List<ColumnarSamples.Sample> rows = ColumnarSamples.ROWS;
    int files = 12;
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < files; i++) {
      List<ColumnarSamples.Sample> own = rows.subList(i % rows.size(), rows.size());
      File f = new File(tmp, "in/part-" + i + ".parquet");
      f.getParentFile().mkdirs();
      ColumnarSamples.writeParquet(f, own, 1 << 20);
      for (ColumnarSamples.Sample s : own) {
        expected.add(ColumnarSamples.line(s));
      }
    }
    new File(tmp, "in/empty.parquet").createNewFile(); // a 0-byte file reads as no records
    Configuration conf = conf();
    TableSpec spec = TableSpec.builder(TableFormat.PARQUET)
        .key(List.of("id"), List.of()).projection(false).build();
    Job job = job(conf, spec);
    TableInputFormat format = new TableInputFormat();
    List<InputSplit> splits = format.getSplits(job);
    assertTrue(splits.size() < files, splits.toString());
    List<String> read = new ArrayList<>();
    for (InputSplit original : splits) {
      InputSplit split = shipped(original);
      TaskAttemptContext context =
          new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (RecordReader<LongWritable, Row> reader = format.createRecordReader(split, context)) {
        reader.initialize(split, context);
        while (reader.nextKeyValue()) {
          read.add(reader.getCurrentValue().line().toString());
        }
      }
    }
    Collections.sort(expected);
    Collections.sort(read);
    assertEquals(expected, read);
  }
}
