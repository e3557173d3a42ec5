package io.bloomkit.acbf;

import static io.bloomkit.acbf.AccurateCountingBloomFilter.SEGMENT_BITS;
import static io.bloomkit.acbf.AccurateCountingBloomFilter.SEGMENT_SHIFT;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.bits.BitStreams;
import java.util.Arrays;

/**
 * Operations on a whole {@link AccurateCountingBloomFilter}, segment by segment: merging and
 * subtracting another filter's counters (decoded, added or subtracted, encoded again), the level
 * lengths, and the check of the invariants from scratch.
 */
final class AcbfLevels {
  private AcbfLevels() {}

  /** {@link AccurateCountingBloomFilter#merge}. */
  static void merge(AccurateCountingBloomFilter f, CountingFilter other) {
    AccurateCountingBloomFilter o = compatible(f, other, "merge");
    f.checkRoom(o.levelBits, "merging " + o.items + " items");
    int[] a = new int[SEGMENT_BITS];
    int[] b = new int[SEGMENT_BITS];
    for (int s = 0; s < f.upper.length; s++) {
      int len = f.segmentLength(s);
      if (o.upperBits[s] == 0) {
        continue; // nothing to add in this segment
      }
      f.decodeSegment(s, a, len);
      o.decodeSegment(s, b, len);
      for (int q = 0; q < len; q++) {
        a[q] += b[q];
      }
      f.encodeSegment(s, a, len);
    }
    f.items += o.items;
  }

  /** {@code other} as an ACBF of f's shape and hash, or an exception naming both values. */
  private static AccurateCountingBloomFilter compatible(
      AccurateCountingBloomFilter f, CountingFilter other, String operation) {
    if (!(other instanceof AccurateCountingBloomFilter)) {
      throw new IllegalArgumentException(
          "cannot " + operation + " filters with different family: acbf vs "
              + other.shape().name());
    }
    AccurateCountingBloomFilter o = (AccurateCountingBloomFilter) other;
    f.shape.checkCompatible(o.shape, operation);
    if (f.hash != o.hash) {
      throw new IllegalArgumentException(
          "cannot " + operation + " filters with different hash: " + f.hash + " vs " + o.hash);
    }
    return o;
  }

  /** {@link AccurateCountingBloomFilter#subtract}. */
  static void subtract(AccurateCountingBloomFilter f, CountingFilter other) {
    AccurateCountingBloomFilter o = compatible(f, other, "subtract");
    int[] a = new int[SEGMENT_BITS];
    int[] b = new int[SEGMENT_BITS];
    long below = 0;
    long first = -1;
    for (int s = 0; s < f.upper.length && o != f; s++) {
      if (o.upperBits[s] == 0) {
        continue; // nothing to subtract in this segment
      }
      int len = f.segmentLength(s);
      f.decodeSegment(s, a, len);
      o.decodeSegment(s, b, len);
      for (int q = 0; q < len; q++) {
        if (a[q] < b[q] && below++ == 0) {
          first = ((long) s << SEGMENT_SHIFT) + q;
        }
      }
    }
    if (below > 0) {
      throw new IllegalArgumentException(
          "cannot subtract: " + below + " positions would go below zero (first: counter " + first
              + " is " + f.counter(first) + ", subtracting " + o.counter(first) + ")");
    }
    long removed = o.items; // read first: o may be f
    for (int s = 0; s < f.upper.length; s++) {
      if (o.upperBits[s] == 0) {
        continue;
      }
      int len = f.segmentLength(s);
      f.decodeSegment(s, a, len);
      o.decodeSegment(s, b, len);
      for (int q = 0; q < len; q++) {
        a[q] -= b[q];
      }
      f.encodeSegment(s, a, len);
    }
    f.items -= removed;
  }

  /** {@link AccurateCountingBloomFilter#invariantViolation}. */
  static String invariantViolation(AccurateCountingBloomFilter f) {
    long sum = 0;
    long ones = 0;
    for (int s = 0; s < f.upper.length; s++) {
      long segStart = (long) s << SEGMENT_SHIFT;
      long len = BitStreams.popcount(f.l1, segStart, segStart + f.segmentLength(s));
      if (len != f.segmentOnes[s]) {
        return "segment " + s + ": L1 ones " + len + " != tracked " + f.segmentOnes[s];
      }
      ones += len;
      long start = 0;
      while (len > 0) { // |L(j+1)| = popcount(Lj), level after level, inside the segment
        if (start + len > f.upperBits[s]) {
          return "segment " + s + ": levels need more than its " + f.upperBits[s] + " bits";
        }
        long next = BitStreams.popcount(f.upper[s], start, start + len);
        start += len;
        len = next;
      }
      if (start != f.upperBits[s]) {
        return "segment " + s + ": levels end at " + start + " but it holds " + f.upperBits[s];
      }
      sum += f.upperBits[s];
    }
    if (ones != f.l1Ones) {
      return "L1 ones " + ones + " != tracked " + f.l1Ones;
    }
    if (sum != f.levelBits) {
      return "level bits " + sum + " != tracked " + f.levelBits;
    }
    if (f.levelBits != (long) f.k * f.items) {
      return "level bits " + f.levelBits + " != k * items = " + (long) f.k * f.items;
    }
    if (f.levelBits > f.idleBits) {
      return "level bits " + f.levelBits + " exceed idle space " + f.idleBits;
    }
    return null;
  }

  /** {@link AccurateCountingBloomFilter#levelLengths}. */
  static long[] levelLengths(AccurateCountingBloomFilter f) {
    long[] lengths = new long[8];
    lengths[0] = f.m1;
    int d = 1;
    int segments = f.upper.length;
    int[] start = new int[segments];
    int[] len = new int[segments];
    long total = 0;
    for (int s = 0; s < segments; s++) {
      len[s] = f.segmentOnes[s];
      total += len[s];
    }
    while (total > 0) {
      if (d == lengths.length) {
        lengths = Arrays.copyOf(lengths, d * 2);
      }
      lengths[d++] = total;
      total = 0;
      for (int s = 0; s < segments; s++) {
        if (len[s] == 0) {
          continue;
        }
        int next = (int) BitStreams.popcount(f.upper[s], start[s], start[s] + len[s]);
        start[s] += len[s];
        len[s] = next;
        total += next;
      }
    }
    return Arrays.copyOf(lengths, d);
  }
}
