package io.bloomkit.mapreduce.filterjob;

import io.bloomkit.mapreduce.config.BuildCounters;
import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Build in one job (items given): unions the map tasks' key sets and inserts each distinct key of
 * its partition into a partial filter of the full shape, written at cleanup.
 */
public class PartialFilterReducer extends Reducer<Text, NullWritable, NullWritable, NullWritable> {
  private PartialFilterWriter partial;

  @Override
  protected void setup(Context context) {
    partial = new PartialFilterWriter(context);
  }

  @Override
  protected void reduce(Text key, Iterable<NullWritable> ignored, Context context) {
    context.getCounter(BuildCounters.DISTINCT_KEYS).increment(1);
    partial.add(key);
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    partial.write(context);
  }
}
