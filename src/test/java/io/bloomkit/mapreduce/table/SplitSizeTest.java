package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The split size on a file system of small blocks: {@link BloomkitConfig#INPUT_SPLIT_BYTES}
 * instead of the block, in local mode at most the input over the map slots, Hadoop's min/max split
 * settings still bounding it. Each case against a model of FileInputFormat's cutting (splits of
 * the size while more than 1.1 of it remains, then the rest) given the size computed here.
 */
public class SplitSizeTest {
  private static final long MB = 1 << 20;
  /** One file of 10 MB of text lines. */
  private static final long FILE = 10 * MB;

  @TempDir public File tmp;
  private Path input;

  @BeforeEach
  void writeFile() throws Exception {
    File f = new File(tmp, "in/lines.txt");
    f.getParentFile().mkdirs();
    byte[] line = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n"
        .getBytes(StandardCharsets.US_ASCII);
    try (OutputStream out = Files.newOutputStream(f.toPath())) {
      for (long n = 0; n < FILE / line.length; n++) {
        out.write(line);
      }
    }
    assertEquals(FILE, f.length());
    input = new Path(f.getParentFile().toURI());
  }

  /** Blocks of 1 MB, a split size of 4 MB, each file counting 1 MB more, {@code slots} slots. */
  private static Configuration conf(int slots) {
    Configuration conf = ToolRun.localConf();
    conf.setLong("fs.local.block.size", MB);
    conf.setBoolean("fs.file.impl.disable.cache", true); // a file system of this block size
    conf.setInt("mapreduce.local.map.tasks.maximum", slots);
    BloomkitConfig.INPUT_SPLIT_BYTES.set(conf, 4 * MB);
    BloomkitConfig.INPUT_OPEN_COST_BYTES.set(conf, MB);
    return conf;
  }

  private List<Long> splits(Configuration conf) throws IOException, InterruptedException {
    Job job = Job.getInstance(conf);
    TableSpec.builder(TableFormat.TEXT).key(List.of("0"), List.of()).build()
        .store(job.getConfiguration(), BloomkitConfig.INPUT_SPEC);
    FileInputFormat.setInputPaths(job, input);
    List<Long> lengths = new ArrayList<>();
    for (InputSplit s : new TableInputFormat().getSplits(job)) {
      lengths.add(s.getLength());
    }
    return lengths;
  }

  /** FileInputFormat's cutting of one file at {@code size}. */
  private static List<Long> model(long size) {
    List<Long> out = new ArrayList<>();
    long left = FILE;
    while ((double) left / size > 1.1) {
      out.add(size);
      left -= size;
    }
    out.add(left);
    return out;
  }

  @Test
  void localModeCutsAtTheSplitBytesWhenTheSlotsShareMore() throws Exception {
    // 2 slots: (10 MB + 1 MB) / 2 = 5.5 MB a slot, more than the 4 MB split size: 4, 4, 2
    assertEquals(model(4 * MB), splits(conf(2)));
    assertEquals(3, model(4 * MB).size());
  }

  @Test
  void localModeGivesEverySlotASplit() throws Exception {
    // 8 slots: 11 MB / 8 = 1.375 MB a split (at least the 1 MB block)
    assertEquals(model((11 * MB + 7) / 8), splits(conf(8)));
    assertEquals(8, splits(conf(8)).size());
  }

  @Test
  void onAClusterTheSlotsAreUnknown() throws Exception {
    Configuration conf = conf(8);
    conf.set("mapreduce.framework.name", "yarn");
    assertEquals(model(4 * MB), splits(conf));
  }

  @Test
  void hadoopsMaxAndMinSplitSizesStillBoundIt() throws Exception {
    Configuration max = conf(2);
    max.setLong(FileInputFormat.SPLIT_MAXSIZE, 2 * MB);
    assertEquals(model(2 * MB), splits(max));
    Configuration min = conf(2);
    min.setLong(FileInputFormat.SPLIT_MINSIZE, 6 * MB);
    assertEquals(model(6 * MB), splits(min));
  }

  @Test
  void zeroOrLargerBlocksKeepTheBlockSize() throws Exception {
    Configuration off = conf(2);
    BloomkitConfig.INPUT_SPLIT_BYTES.set(off, 0);
    assertEquals(model(MB), splits(off));
    Configuration big = conf(2);
    big.setLong("fs.local.block.size", 8 * MB);
    assertEquals(model(8 * MB), splits(big));
  }
}
