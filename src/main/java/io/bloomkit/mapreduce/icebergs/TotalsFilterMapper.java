package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.bloom.CountMinSketch;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.IcebergCounters;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.PathOutputCommitter;

/**
 * Icebergs {@code counting} phase 1 (map only): sums its split's weights per key (bounded table)
 * and adds each local total, as one weight, to a {@link CountMinSketch} of the full shape (see
 * {@link IcebergFilters}); at cleanup the sketch is written as {@code part-m-NNNNN.cms} into the
 * task's work directory, so the output committer promotes only the successful attempt's file (none
 * when the split added nothing). The client sums the tasks' sketches. Malformed records and null
 * keys are skipped here and counted in phase 2; totals of 0 add nothing.
 *
 * <p>Counters: {@code LOCAL_TOTALS} (totals added, a key flushed twice counts twice), {@code
 * TOTAL_WEIGHT} (their sum, W), {@code NAIVE_BYTES} (key + 8 bytes per total), {@code
 * MAP_TABLE_FLUSHES}.
 */
public class TotalsFilterMapper extends Mapper<LongWritable, Row, NullWritable, NullWritable> {
  private WeightedRecordParser parser;
  private LocalTotals totals;
  private CountMinSketch sketch;
  private TableFormat format;

  @Override
  protected void setup(Context context) {
    Configuration conf = context.getConfiguration();
    parser = WeightedRecordParser.fromConf(conf);
    format = TableSpec.load(conf, BloomkitConfig.INPUT_SPEC).format();
    totals = new LocalTotals(BloomkitConfig.ICEBERG_MAX_KEYS.getInt(conf), KeyText.fromConf(conf));
    sketch = IcebergFilters.create(conf);
  }

  @Override
  protected void map(LongWritable position, Row row, Context context)
      throws IOException, InterruptedException {
    boolean full;
    try {
      boolean key = parser.parse(row) == KeyEncoder.Outcome.KEY;
      String refused = key ? parser.negativeWeight("counting",
          Records.fileOf(context.getInputSplit()) + " at " + format.where(position.get())) : null;
      if (refused != null) {
        Records.leaveReason(context, refused);
        throw new IOException(refused);
      }
      full = key && totals.add(parser.key(), parser.keyLength(), parser.weight());
    } catch (TotalOverflowException e) {
      throw TotalOverflowException.left(context, e);
    }
    if (full) {
      context.getCounter(IcebergCounters.MAP_TABLE_FLUSHES).increment(1);
      flush(context);
    }
  }

  private void flush(Context context) throws IOException, InterruptedException {
    totals.flush(
        (k, t) -> {
          if (t == 0) {
            return; // zero weights: nothing to add anywhere
          }
          IcebergFilters.add(sketch, k.getBytes(), k.getLength(), t);
          context.getCounter(IcebergCounters.LOCAL_TOTALS).increment(1);
          context.getCounter(IcebergCounters.TOTAL_WEIGHT).increment(t);
          context.getCounter(IcebergCounters.NAIVE_BYTES).increment(k.getLength() + 8);
        });
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    flush(context);
    if (sketch.items() == 0) {
      return; // the client starts from an empty sketch
    }
    OutputCommitter committer = context.getOutputCommitter();
    Path dir =
        committer instanceof PathOutputCommitter
            ? ((PathOutputCommitter) committer).getWorkPath()
            : FileOutputFormat.getOutputPath(context); // no committer (unit tests)
    Path file =
        new Path(dir, FileOutputFormat.getUniqueFile(context, "part", IcebergFilters.SUFFIX));
    try (OutputStream out = file.getFileSystem(context.getConfiguration()).create(file, false)) {
      sketch.writeTo(out);
    }
    context.getCounter(IcebergCounters.FILTERS).increment(1);
  }
}
