package io.bloomkit.mapreduce.filterjob;

import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Build phase 2 (map only): reads a split of the distinct keys written by phase 1 (each key once
 * overall, so splits are disjoint) and inserts them into a partial filter sized from the counted
 * keys, written at cleanup.
 */
public class PartialFilterMapper extends Mapper<Text, NullWritable, NullWritable, NullWritable> {
  private PartialFilterWriter partial;

  @Override
  protected void setup(Context context) {
    partial = new PartialFilterWriter(context);
  }

  @Override
  protected void map(Text key, NullWritable ignored, Context context) {
    partial.add(key);
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    partial.write(context);
  }
}
