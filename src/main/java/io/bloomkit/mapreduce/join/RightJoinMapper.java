package io.bloomkit.mapreduce.join;

import io.bloomkit.filter.Filter;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.JoinCounters;
import java.io.IOException;

/**
 * Map side of the right (probe, large) input: loads the shipped filter once in setup and drops the
 * records whose key fails it (the paper's figure 8). Without a filter every record passes.
 */
public class RightJoinMapper extends JoinMapper {
  private Filter filter;

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
    if (filter == null || filter.mightContain(key, 0, length)) {
      return true;
    }
    context.getCounter(JoinCounters.RIGHT_DROPPED_BY_FILTER).increment(1);
    return false;
  }
}
