package io.bloomkit.mapreduce.filterjob;

import io.bloomkit.mapreduce.config.BuildCounters;
import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Build phase 1, reduce side: unions the map tasks' key sets, writing each distinct key once and
 * counting them (the count sizes the filter). The partitioner gives each reducer a disjoint share.
 */
public class DistinctKeyReducer extends Reducer<Text, NullWritable, Text, NullWritable> {
  @Override
  protected void reduce(Text key, Iterable<NullWritable> ignored, Context context)
      throws IOException, InterruptedException {
    context.getCounter(BuildCounters.DISTINCT_KEYS).increment(1);
    context.write(key, NullWritable.get());
  }
}
