package io.bloomkit.mapreduce.join.plan;

/** The map output bytes a side of a {@link Workload} makes when it is shuffled ({@link CostModel}). */
final class ShuffleBytes {
  private ShuffleBytes() {}

  /** Map output bytes of the whole left side. */
  static double left(Workload w) {
    return w.leftBytes + w.leftRecords * recordOverhead(w, w.leftBytes, w.leftRecords);
  }

  /** Map output bytes of the whole right side (before any filter). */
  static double right(Workload w) {
    return w.rightBytes + w.rightRecords * recordOverhead(w, w.rightBytes, w.rightRecords);
  }

  /**
   * Bytes a shuffled record adds to its record's bytes (which count its line and a newline): the
   * map output holds the key ({@link Workload#meanKeyBytes}) after its vint length, the tag byte,
   * the side byte, and the line after its vint length (Hadoop's {@code WritableUtils} sizes).
   */
  static double recordOverhead(Workload w, long bytes, long records) {
    double line = records == 0 ? 0 : Math.max(0, (double) bytes / records - 1);
    return w.meanKeyBytes + vintSize(Math.round(w.meanKeyBytes)) + 2 + vintSize(Math.round(line))
        - 1;
  }

  /** Bytes of Hadoop's vint encoding of {@code v} ({@code WritableUtils.getVIntSize}), v >= 0. */
  static int vintSize(long v) {
    if (v <= 127) {
      return 1;
    }
    return 1 + (64 - Long.numberOfLeadingZeros(v) + 7) / 8;
  }
}
