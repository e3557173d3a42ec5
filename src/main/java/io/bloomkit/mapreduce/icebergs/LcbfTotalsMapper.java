package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.lcbf.LinkedCountingBloomFilter;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.IcebergCounters;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.PathOutputCommitter;

/**
 * Icebergs {@code lcbf} job 1 (map only), step 1 of the icebergs paper for one split: sums the
 * split's weights per key, all of them (step 1 needs the complete local totals: a split with more
 * than {@link BloomkitConfig#ICEBERG_MAX_KEYS} distinct keys fails the task instead of
 * approximating). At cleanup it writes every (key, local total) to its output ({@code
 * part-m-NNNNN}) and adds the totals below the threshold to a linked counting Bloom filter (see
 * {@link LcbfFilters}) written next to it as {@code part-m-NNNNN.lcbf} in the task's work
 * directory, so the output committer promotes only the successful attempt's file. Local totals at
 * or above the threshold are local icebergs: reported at once (job 2 passes them on), not stored;
 * nor are totals of 0 (zero weights), which add nothing to any estimate.
 */
public class LcbfTotalsMapper extends WeightedRecordMapper<Text, LongWritable> {
  private long threshold;
  private int maxKeys;
  private LocalTotals totals;
  private final LongWritable value = new LongWritable();

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    super.setup(context);
    Configuration conf = context.getConfiguration();
    threshold = BloomkitConfig.ICEBERG_THRESHOLD.getLong(conf);
    maxKeys = BloomkitConfig.ICEBERG_MAX_KEYS.getInt(conf);
    totals = new LocalTotals(Integer.MAX_VALUE, keyText);
  }

  @Override
  protected String unsignedMethod() {
    return "lcbf";
  }

  @Override
  protected void record(Context context) throws IOException, InterruptedException {
    totals.add(parser.key(), parser.keyLength(), parser.weight());
    if (totals.size() > maxKeys) {
      String reason =
          "icebergs lcbf: the map task reading " + Records.fileOf(context.getInputSplit())
              + " has more than "
              + maxKeys + " distinct keys (" + BloomkitConfig.ICEBERG_MAX_KEYS.key()
              + "); lcbf needs all of a split's local totals in memory: raise it (and the map"
              + " heap) or use smaller splits (mapreduce.input.fileinputformat.split.maxsize)";
      Records.leaveReason(context, reason);
      failed = true; // Mapper.run calls cleanup even so: write nothing, keep this message
      throw new IOException(reason);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    if (failed) {
      return;
    }
    long[] stored = {0};
    totals.forEach(
        (k, t) -> {
          if (t > 0 && t < threshold) {
            stored[0]++;
          }
        });
    LinkedCountingBloomFilter filter =
        stored[0] == 0 ? null : LcbfFilters.create(context.getConfiguration(), stored[0]);
    totals.flush(
        (k, t) -> {
          value.set(t);
          context.write(k, value);
          context.getCounter(IcebergCounters.LOCAL_TOTALS).increment(1);
          if (t >= threshold) {
            context.getCounter(IcebergCounters.LOCAL_ICEBERGS).increment(1);
          } else if (t > 0) { // a total of 0 (zero weights) adds nothing anywhere
            filter.add(LcbfFilters.hash(k.getBytes(), k.getLength()), t);
            context.getCounter(IcebergCounters.NAIVE_BYTES).increment(k.getLength() + 8);
          }
        });
    context.getCounter(IcebergCounters.STORED_TOTALS).increment(stored[0]);
    if (filter != null) {
      write(context, filter);
    }
  }

  private void write(Context context, LinkedCountingBloomFilter filter) throws IOException {
    OutputCommitter committer = context.getOutputCommitter();
    Path dir =
        committer instanceof PathOutputCommitter
            ? ((PathOutputCommitter) committer).getWorkPath()
            : FileOutputFormat.getOutputPath(context); // no committer (unit tests)
    Path file = new Path(dir, FileOutputFormat.getUniqueFile(context, "part", LcbfFilters.SUFFIX));
    long bytes;
    try (OutputStream out = file.getFileSystem(context.getConfiguration()).create(file, false)) {
      filter.writeTo(out);
      out.flush();
    }
    bytes = file.getFileSystem(context.getConfiguration()).getFileStatus(file).getLen();
    context.getCounter(IcebergCounters.FILTERS).increment(1);
    context.getCounter(IcebergCounters.FILTER_BITS).increment(filter.twoLayerBits());
    context.getCounter(IcebergCounters.FILTER_BYTES).increment(bytes);
    context.getCounter(IcebergCounters.SATURATIONS).increment(filter.saturations());
  }
}
