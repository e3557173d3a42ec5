package io.bloomkit.sim;

/** An open-addressing set of longs (linear probing, power-of-two table): the exact oracle. */
public final class LongSet {
  private long[] keys = new long[1 << 16];
  private boolean[] used = new boolean[1 << 16];
  private int size;

  /** Adds {@code k}; returns false if it was already present. */
  public boolean add(long k) {
    if (2 * (size + 1) > keys.length) {
      grow();
    }
    int mask = keys.length - 1;
    int i = (int) mix(k) & mask;
    while (used[i]) {
      if (keys[i] == k) {
        return false;
      }
      i = (i + 1) & mask;
    }
    used[i] = true;
    keys[i] = k;
    size++;
    return true;
  }

  int size() {
    return size;
  }

  private void grow() {
    long[] oldKeys = keys;
    boolean[] oldUsed = used;
    keys = new long[oldKeys.length * 2];
    used = new boolean[oldKeys.length * 2];
    size = 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldUsed[i]) {
        add(oldKeys[i]);
      }
    }
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
    z = (z ^ (z >>> 33)) * 0xC4CEB93FE1D8D8CDL;
    return z ^ (z >>> 33);
  }
}
