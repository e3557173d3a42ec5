package io.bloomkit.mapreduce.join;

import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.Partitioner;

/**
 * Partitions on the join key bytes and the bucket, so both sides of a key meet in one reducer: a
 * key that is not hot (bucket 0) goes to {@code hash(key) mod R}; bucket b of a hot key ({@link
 * HotKeys}) to {@code (hash(key) mod R + b) mod R}, so its buckets 1..B land on B different
 * reducers when B <= R.
 */
public final class JoinPartitioner extends Partitioner<JoinKey, JoinValue> {
  @Override
  public int getPartition(JoinKey key, JoinValue value, int partitions) {
    int h = WritableComparator.hashBytes(key.key().getBytes(), key.key().getLength());
    return ((h & Integer.MAX_VALUE) % partitions + key.bucket()) % partitions;
  }
}
