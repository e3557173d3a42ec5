package io.bloomkit.mapreduce.update;

import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.BuildCounters;
import io.bloomkit.mapreduce.filterjob.PartialFilter;
import io.bloomkit.mapreduce.filterjob.PartialFilterWriter;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * {@code update}'s addition job, reduce side: each distinct key to add of its partition (the map
 * tasks are {@link io.bloomkit.mapreduce.filterjob.DistinctKeyMapper}) goes once into a partial counter
 * vector of the updated filter's shape (read from the header of the file in {@link
 * BloomkitConfig#UPDATE_FILTER_PATH}), written at cleanup for the client to merge; counts them
 * ({@link BuildCounters#DISTINCT_KEYS}). An ACBF partial of more keys than the capacity is not
 * written: the client refuses the update from the count.
 */
public class AddDeltaReducer extends Reducer<Text, NullWritable, NullWritable, NullWritable> {
  private FilterShape shape;
  private PartialFilterWriter partial;

  @Override
  protected void setup(Context context) throws IOException {
    Path filter = new Path(BloomkitConfig.UPDATE_FILTER_PATH.get(context.getConfiguration()));
    shape = FilterFiles.readShape(context.getConfiguration(), filter, "update", FilterUpdate.UPDATABLE);
    partial = new PartialFilterWriter(PartialFilter.of(shape));
  }

  @Override
  protected void reduce(Text key, Iterable<NullWritable> ignored, Context context) {
    context.getCounter(BuildCounters.DISTINCT_KEYS).increment(1);
    partial.add(key);
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    if (shape.family() == FilterFamily.ACCURATE_COUNTING && partial.items() > shape.capacity()) {
      return; // over the capacity on its own: the update is refused, nothing to merge
    }
    partial.write(context);
  }
}
