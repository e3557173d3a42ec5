package io.bloomkit.mapreduce.icebergs;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.io.Text;

/**
 * A map task's local totals per key (in-mapper combining), bounded: when it holds {@code maxKeys}
 * keys the caller flushes it. Sums are exact: one past {@link Long#MAX_VALUE} throws {@link
 * TotalOverflowException} naming the key.
 */
final class LocalTotals {
  /** Receives the totals on a flush. */
  interface Sink {
    void total(Text key, long total) throws IOException, InterruptedException;
  }

  private final int maxKeys;
  private final KeyText keyText;
  private final Map<Text, long[]> totals = new HashMap<>();
  private final Text probe = new Text();

  /** A table of at most {@code maxKeys} keys; overflow messages show keys by {@code keyText}. */
  LocalTotals(int maxKeys, KeyText keyText) {
    this.maxKeys = Math.max(1, maxKeys);
    this.keyText = keyText;
  }

  /**
   * Adds {@code weight} to the key's total; true when the table is now full.
   *
   * @throws TotalOverflowException when the key's total exceeds 2^63 - 1
   */
  boolean add(byte[] key, int length, long weight) throws TotalOverflowException {
    probe.set(key, 0, length);
    long[] t = totals.get(probe);
    if (t == null) {
      totals.put(new Text(probe), new long[] {weight});
    } else {
      t[0] = TotalOverflowException.plus(t[0], weight, key, length, keyText);
    }
    return totals.size() >= maxKeys;
  }

  /** Distinct keys held. */
  int size() {
    return totals.size();
  }

  /** Passes every total to {@code sink}; the table is unchanged. */
  void forEach(Sink sink) throws IOException, InterruptedException {
    for (Map.Entry<Text, long[]> e : totals.entrySet()) {
      sink.total(e.getKey(), e.getValue()[0]);
    }
  }

  /** Passes every total to {@code sink} and clears the table. */
  void flush(Sink sink) throws IOException, InterruptedException {
    forEach(sink);
    totals.clear();
  }
}
