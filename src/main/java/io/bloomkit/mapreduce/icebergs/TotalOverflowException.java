package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.common.Records;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * A key's total weight (or lcbf estimate) past {@link Long#MAX_VALUE}: totals are exact, so the
 * task fails naming the key rather than saturating.
 */
final class TotalOverflowException extends IOException {
  private static final long serialVersionUID = 1L;

  private TotalOverflowException(String message) {
    super(message);
  }

  /**
   * {@code a + b} for a key's total, exactly.
   *
   * @throws TotalOverflowException naming the key when the sum leaves the 64-bit range
   */
  static long plus(long a, long b, byte[] key, int length, KeyText keyText)
      throws TotalOverflowException {
    try {
      return Math.addExact(a, b);
    } catch (ArithmeticException e) {
      throw new TotalOverflowException(
          "the total weight of key \"" + keyText.show(key, length)
              + "\" overflows the 64-bit range [-2^63, 2^63 - 1] (" + a + " + " + b
              + "): icebergs sums weights exactly in 64-bit integers; scale the weights down");
    }
  }

  /**
   * The exact total of a key's partial totals (a reducer's values); on overflow the task fails
   * naming the key.
   */
  static long sum(Text key, Iterable<LongWritable> totals, KeyText keyText,
      TaskAttemptContext context) throws IOException {
    long sum = 0;
    try {
      for (LongWritable t : totals) {
        sum = plus(sum, t.get(), key.getBytes(), key.getLength(), keyText);
      }
    } catch (TotalOverflowException e) {
      throw left(context, e);
    }
    return sum;
  }

  /** Leaves the message where the client finds it (see {@link Records#leaveReason}); returns e. */
  static IOException left(TaskAttemptContext context, TotalOverflowException e) {
    Records.leaveReason(context, e.getMessage());
    return e;
  }
}
