package io.bloomkit.data;

import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;

/**
 * A seeded stream of timestamped events for the duplicate-elimination experiments of "One is
 * Enough" (section 7): keys drawn from a universe of U keys, Zipf (alpha, 1.0 in the paper) or
 * uniform; {@code rate} events per time unit, optionally {@code burst} times that rate for the middle
 * third of the events (the paper's bursts of 2x and 5x); each event has a producer, its key's home
 * producer with probability {@code locality}, otherwise a uniformly random one (for Bloom trees).
 * Same parameters and seed, same stream.
 */
public final class TimedStream {
  public final long[] keys;
  public final long[] times;
  public final int[] producers;
  private final KeyHash[] hashes;

  private TimedStream(long[] keys, long[] times, int[] producers) {
    this.keys = keys;
    this.times = times;
    this.producers = producers;
    this.hashes = new KeyHash[keys.length];
  }

  public int length() {
    return keys.length;
  }

  /** The hash of event {@code i}'s key (the key's text is {@code "e<id>"}). */
  public KeyHash hash(int i) {
    KeyHash h = hashes[i];
    if (h == null) {
      h = hashOf(keys[i]);
      hashes[i] = h;
    }
    return h;
  }

  public static KeyHash hashOf(long key) {
    return HashStrategy.MURMUR3_128_DOUBLE.hash("e" + key);
  }

  /** The stream's parameters (builder style, validated by {@link #generate}). */
  public static final class Spec {
    public String distribution = "zipf";
    public double alpha = 1.0;
    public long universe = 10_000;
    public int length = 100_000;
    public double rate = 10;
    public double burst = 1;
    public int producers = 1;
    public double locality = 1.0;
    public long seed = 1;

    public Spec distribution(String d) {
      this.distribution = d;
      return this;
    }

    public Spec alpha(double a) {
      this.alpha = a;
      return this;
    }

    public Spec universe(long u) {
      this.universe = u;
      return this;
    }

    public Spec length(int n) {
      this.length = n;
      return this;
    }

    public Spec rate(double r) {
      this.rate = r;
      return this;
    }

    public Spec burst(double b) {
      this.burst = b;
      return this;
    }

    public Spec producers(int p, double locality) {
      this.producers = p;
      this.locality = locality;
      return this;
    }

    public Spec seed(long s) {
      this.seed = s;
      return this;
    }
  }

  public static TimedStream generate(Spec s) {
    if (s.length < 1) {
      throw new IllegalArgumentException("length must be positive: " + s.length);
    }
    if (s.universe < 1 || s.universe > 50_000_000) {
      throw new IllegalArgumentException("universe must be in [1, 5e7]: " + s.universe);
    }
    if (!(s.rate > 0) || !(s.burst >= 1)) {
      throw new IllegalArgumentException("rate must be positive and burst at least 1: " + s.rate + ", " + s.burst);
    }
    if (s.producers < 1 || !(s.locality >= 0 && s.locality <= 1)) {
      throw new IllegalArgumentException("producers >= 1 and locality in [0, 1]: " + s.producers + ", " + s.locality);
    }
    SplitMix64 rnd = new SplitMix64(s.seed);
    Zipf zipf = null;
    if (s.distribution.equals("zipf")) {
      if (!(s.alpha > 0)) {
        throw new IllegalArgumentException("alpha must be positive: " + s.alpha);
      }
      zipf = new Zipf((int) s.universe, s.alpha);
    } else if (!s.distribution.equals("uniform")) {
      throw new IllegalArgumentException("distribution must be zipf or uniform: " + s.distribution);
    }
    int n = s.length;
    long[] keys = new long[n];
    long[] times = new long[n];
    int[] prod = new int[n];
    double clock = 0;
    for (int i = 0; i < n; i++) {
      long key;
      if (zipf == null) {
        key = rnd.nextLong(s.universe);
      } else {
        key = zipf.rank(rnd.nextDouble());
      }
      keys[i] = key;
      boolean inBurst = i >= n / 3 && i < 2 * n / 3;
      times[i] = (long) Math.floor(clock);
      clock += 1.0 / (s.rate * (inBurst ? s.burst : 1));
      int home = (int) Math.floorMod(SplitMix64.mix(key ^ 0x5DEECE66DL), (long) s.producers);
      prod[i] = rnd.nextDouble() < s.locality ? home : rnd.nextInt(s.producers);
    }
    return new TimedStream(keys, times, prod);
  }
}
