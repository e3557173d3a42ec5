package io.bloomkit.mapreduce.join;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.JoinCounters;
import java.io.IOException;

/**
 * Map side of the right (probe, large) input: loads the shipped filter once in setup and drops the
 * records whose key fails it (the paper's figure 8). Without a filter every record passes. The
 * task's distinct dropped keys are collected by 64-bit key hash (under 32 bytes of memory per
 * distinct dropped key) and written at its end for the job-wide count ({@link DroppedKeys}).
 */
public class RightJoinMapper extends JoinMapper {
  private Filter filter;
  private final DistinctHashes droppedKeys = new DistinctHashes();

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    super.setup(context);
    ShippedFilter shipped = ShippedFilter.load(context.getConfiguration());
    filter = shipped.filter();
    if (filter != null) {
      context
          .getCounter(
              shipped.fromCache()
                  ? JoinCounters.FILTER_LOADS_FROM_CACHE
                  : JoinCounters.FILTER_LOADS_FROM_PATH)
          .increment(1);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    if (filter != null) {
      DroppedKeys.write(context, droppedKeys);
    }
    super.cleanup(context);
  }

  @Override
  protected byte side() {
    return JoinKey.RIGHT;
  }

  @Override
  protected BloomkitConfig keyFieldsKey() {
    return BloomkitConfig.JOIN_RIGHT_KEY_FIELDS;
  }

  @Override
  protected Enum<?> recordsCounter() {
    return JoinCounters.RIGHT_RECORDS;
  }

  @Override
  protected Enum<?> malformedCounter() {
    return JoinCounters.RIGHT_MALFORMED;
  }

  @Override
  protected Enum<?> passedCounter() {
    return JoinCounters.RIGHT_PASSED;
  }

  @Override
  protected boolean accept(byte[] key, int length, Context context) {
    if (filter == null) {
      return true;
    }
    if (filter.mightContain(key, 0, length)) {
      return true;
    }
    context.getCounter(JoinCounters.RIGHT_DROPPED_BY_FILTER).increment(1);
    droppedKeys.add(filter.hashStrategy().hash(key, 0, length).h1());
    return false;
  }
}
