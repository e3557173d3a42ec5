package io.bloomkit.mapreduce.update;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.common.ShippedFilter;
import io.bloomkit.mapreduce.config.BuildCounters;
import io.bloomkit.mapreduce.filterjob.PartialFilter;
import io.bloomkit.mapreduce.filterjob.PartialFilterWriter;
import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * {@code update}'s removal job, reduce side: tests each distinct key to remove of its partition
 * against the shipped filter, the one being updated with the additions already in ({@link
 * ShippedFilter}). A member goes once into a partial counter vector of the filter's shape, written
 * at cleanup for the client to subtract ({@link UpdateCounters#MEMBERS}); a non-member is counted
 * ({@link UpdateCounters#NON_MEMBERS}) and the first of the partition (in the shuffle's key order)
 * is the task's only output, so the client can name one.
 */
public class RemoveDeltaReducer extends Reducer<Text, NullWritable, Text, NullWritable> {
  private Filter filter;
  private PartialFilterWriter partial;
  private boolean nonMemberWritten;

  @Override
  protected void setup(Context context) throws IOException {
    filter = ShippedFilter.load(context.getConfiguration()).filter();
    if (filter == null) {
      throw new IOException("update: the removal job was given no filter to test keys against");
    }
    partial = new PartialFilterWriter(PartialFilter.of(filter.shape()));
  }

  @Override
  protected void reduce(Text key, Iterable<NullWritable> ignored, Context context)
      throws IOException, InterruptedException {
    context.getCounter(BuildCounters.DISTINCT_KEYS).increment(1);
    if (filter.mightContain(filter.hashStrategy().hash(key.getBytes(), 0, key.getLength()))) {
      context.getCounter(UpdateCounters.MEMBERS).increment(1);
      partial.add(key);
    } else {
      context.getCounter(UpdateCounters.NON_MEMBERS).increment(1);
      if (!nonMemberWritten) {
        nonMemberWritten = true;
        context.write(key, NullWritable.get());
      }
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    partial.write(context);
  }
}
