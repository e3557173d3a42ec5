package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.JoinCounters;

/** Map side of the left (build, small) input: every well-formed record goes to the shuffle. */
public class LeftJoinMapper extends JoinMapper {
  @Override
  protected byte side() {
    return JoinKey.LEFT;
  }

  @Override
  protected BloomkitConfig keyFieldsKey() {
    return BloomkitConfig.JOIN_LEFT_KEY_FIELDS;
  }

  @Override
  protected Enum<?> recordsCounter() {
    return JoinCounters.LEFT_RECORDS;
  }

  @Override
  protected Enum<?> malformedCounter() {
    return JoinCounters.LEFT_MALFORMED;
  }

  @Override
  protected Enum<?> passedCounter() {
    return JoinCounters.LEFT_PASSED;
  }

  @Override
  protected boolean accept(byte[] key, int length, Context context) {
    return true;
  }
}
