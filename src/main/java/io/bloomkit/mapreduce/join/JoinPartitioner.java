package io.bloomkit.mapreduce.join;

import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.Partitioner;

/** Partitions on the join key bytes only, so both sides of a key meet in one reducer. */
public final class JoinPartitioner extends Partitioner<JoinKey, JoinValue> {
  @Override
  public int getPartition(JoinKey key, JoinValue value, int partitions) {
    int h = WritableComparator.hashBytes(key.key().getBytes(), key.key().getLength());
    return (h & Integer.MAX_VALUE) % partitions;
  }
}
