package io.bloomkit.mapreduce.join.plan;

import io.bloomkit.core.BloomMath;

/**
 * What the planner knows of one join before it runs ({@link CostModel}): each {@link Side}'s
 * records, bytes and map tasks, the left side's {@link Keys} and how the right records match
 * them, and a map task's heap.
 */
public final class Workload {
  /** The size of one side of a join: its records, decoded bytes and map tasks. */
  public static final class Side {
    final long records;
    final long bytes;
    final int mapTasks;

    /**
     * @param records the side's records
     * @param bytes the side's decoded bytes (of the left side: what a map-side table holds)
     * @param mapTasks the side's map tasks (the right side's each load the filter or the left
     *     side; in a filtered join the left side's each load the filter too)
     */
    public Side(long records, long bytes, int mapTasks) {
      this.records = records;
      this.bytes = bytes;
      this.mapTasks = mapTasks;
    }

    public long records() {
      return records;
    }

    public long bytes() {
      return bytes;
    }

    public int mapTasks() {
      return mapTasks;
    }
  }

  /** The left side's keys, and how the right side's records match them. */
  public static final class Keys {
    final long leftKeys;
    final long leftKeyBytes;
    final double meanKeyBytes;
    final double matchShare;

    /**
     * @param leftKeys the left side's distinct keys (exact after a build, else an estimate)
     * @param leftKeyBytes the canonical bytes of those keys together, or 0 if unknown (then no
     *     exact key set is considered)
     * @param meanKeyBytes the mean canonical bytes of a record's key
     * @param matchShare the share of right records whose key is a left key, in [0, 1]
     */
    public Keys(long leftKeys, long leftKeyBytes, double meanKeyBytes, double matchShare) {
      this.leftKeys = leftKeys;
      this.leftKeyBytes = leftKeyBytes;
      this.meanKeyBytes = meanKeyBytes;
      this.matchShare = matchShare;
    }

    public long leftKeys() {
      return leftKeys;
    }

    public long leftKeyBytes() {
      return leftKeyBytes;
    }

    public double meanKeyBytes() {
      return meanKeyBytes;
    }

    public double matchShare() {
      return matchShare;
    }
  }

  final long leftKeys;
  final long leftKeyBytes;
  final long leftRecords;
  final long leftBytes;
  final long rightRecords;
  final long rightBytes;
  final double matchShare;
  /** The right side's map tasks. */
  final int mapTasks;
  final int leftMapTasks;
  final double meanKeyBytes;
  final long mapHeapBytes;

  /**
   * @param left the left (build) side
   * @param right the right (probe) side
   * @param keys the left keys and the right records' match share
   * @param mapHeapBytes a map task's heap
   */
  public Workload(Side left, Side right, Keys keys, long mapHeapBytes) {
    BloomMath.requirePositive("leftKeys", keys.leftKeys);
    this.leftKeys = keys.leftKeys;
    this.leftKeyBytes = nonNegative("leftKeyBytes", keys.leftKeyBytes);
    this.leftRecords = nonNegative("leftRecords", left.records);
    this.leftBytes = nonNegative("leftBytes", left.bytes);
    this.rightRecords = nonNegative("rightRecords", right.records);
    this.rightBytes = nonNegative("rightBytes", right.bytes);
    if (!(keys.matchShare >= 0 && keys.matchShare <= 1)) {
      throw new IllegalArgumentException("matchShare must be in [0, 1]: " + keys.matchShare);
    }
    this.matchShare = keys.matchShare;
    BloomMath.requirePositive("mapTasks", right.mapTasks);
    BloomMath.requirePositive("leftMapTasks", left.mapTasks);
    BloomMath.requirePositive("mapHeapBytes", mapHeapBytes);
    this.mapTasks = right.mapTasks;
    this.leftMapTasks = left.mapTasks;
    double mean = keys.meanKeyBytes;
    if (!(mean >= 0) || Double.isInfinite(mean)) {
      throw new IllegalArgumentException("meanKeyBytes must be a finite number >= 0: " + mean);
    }
    this.meanKeyBytes = mean;
    this.mapHeapBytes = mapHeapBytes;
  }

  private static long nonNegative(String name, long v) {
    if (v < 0) {
      throw new IllegalArgumentException(name + " must be at least 0: " + v);
    }
    return v;
  }
}
