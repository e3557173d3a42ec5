package io.bloomkit.mapreduce.join;

import java.util.Arrays;

/**
 * Counts the distinct 64-bit key hashes a task has seen, exactly: the hashes are appended to an
 * array that is sorted and deduplicated whenever it fills, so memory stays below 32 bytes per distinct
 * hash. Two distinct keys with the same 64-bit hash (probability about d^2 / 2^65 among d keys,
 * below 10^-5 for 10^7 keys) count once.
 */
final class DistinctHashes {
  private long[] hashes = new long[1024];
  private int size;
  private int sortedDistinct; // hashes[0, sortedDistinct) is sorted and duplicate-free

  void add(long hash) {
    if (size == hashes.length) {
      compact();
      if (size > hashes.length / 2) {
        hashes = Arrays.copyOf(hashes, hashes.length * 2);
      }
    }
    hashes[size++] = hash;
  }

  /** The number of distinct hashes added. */
  long count() {
    compact();
    return size;
  }

  /** The distinct hashes, sorted (a copy). */
  long[] sorted() {
    compact();
    return Arrays.copyOf(hashes, size);
  }

  private void compact() {
    if (sortedDistinct == size) {
      return;
    }
    Arrays.sort(hashes, 0, size);
    int w = 0;
    for (int r = 0; r < size; r++) {
      if (w == 0 || hashes[r] != hashes[w - 1]) {
        hashes[w++] = hashes[r];
      }
    }
    size = w;
    sortedDistinct = w;
  }
}
