package io.bloomkit.stable;

import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.ParameterBlock;
import io.bloomkit.core.hash.KeyHash;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A plain Bloom filter (Bloom 1970) in the stream contract, the no-eviction baseline of the IBF
 * paper's Table IV ("M-insert with M = 1"): m bits, K hashes; an element is a duplicate iff its K
 * bits are set, and every element reported distinct is inserted (setting the bits of one reported
 * duplicate would change nothing). It never forgets, so it has no false negatives and its false
 * positive rate climbs towards 1 on an unbounded stream. It uses no randomness.
 *
 * <p>Format payload (family 10; header numHashes = K, positions = memoryBits = m, items = elements
 * offered): {@code offered:long, bits:long[ceil(m/64)]}.
 */
final class StreamBloomFilter extends AbstractStreamFilter {
  private final int k;
  private final long m;
  private BitArray bits;
  private final long[] pos;

  StreamBloomFilter(long m, int numHashes) {
    super(0);
    this.k = CellFilter.checkHashes(numHashes);
    if (m <= 0) {
      throw new IllegalArgumentException("memoryBits must be positive: " + m);
    }
    this.m = m;
    this.bits = new BitArray(m);
    this.pos = new long[numHashes];
  }

  @Override
  public boolean offer(KeyHash key, long time, double importance) {
    offered++;
    boolean duplicate = true;
    for (int j = 0; j < k; j++) {
      pos[j] = key.position(j, m);
      if (!bits.get(pos[j])) {
        duplicate = false;
      }
    }
    if (!duplicate) {
      for (int j = 0; j < k; j++) {
        bits.set(pos[j]);
      }
    }
    return duplicate;
  }

  public boolean bit(long b) {
    return bits.get(b);
  }

  @Override
  void clearState() {
    bits.clearAll();
  }

  @Override
  long nonZeroCells() {
    return bits.cardinality();
  }

  @Override
  long cells() {
    return m;
  }

  int numHashes() {
    return k;
  }

  @Override
  public FilterFamily family() {
    return FilterFamily.STREAM_BLOOM;
  }

  @Override
  public String name() {
    return "bf";
  }

  @Override
  public long memoryBits() {
    return m;
  }

  @Override
  public Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("memoryBits", m);
    p.put("numHashes", k);
    return p;
  }

  @Override
  public void writeTo(OutputStream out) throws IOException {
    long[] words = bits.words();
    FilterFormat.Header h =
        new ParameterBlock.StreamBloom(m, k)
            .header(offered, ParameterBlock.StreamBloom.PARAMETER_BYTES + 8L * words.length);
    FilterFormat.write(
        out,
        h,
        d -> {
          d.writeLong(offered);
          for (long w : words) {
            d.writeLong(w);
          }
        });
  }

  static StreamBloomFilter read(FilterFormat.Reader r) throws IOException {
    FilterFormat.Header h = r.header;
    checkHashes(h);
    check(h.variant == 0, "variant", "must be 0 for stream-bf: " + h.variant);
    check(h.positions > 0 && h.positions <= (1L << 43), "positions", "bits out of range: " + h.positions);
    check(h.memoryBits == h.positions, "memoryBits", h.memoryBits + " differs from positions " + h.positions);
    check(h.counters == 0, "counters", "must be 0 for stream-bf: " + h.counters);
    check(h.capacity == 0, "capacity", "must be 0 for a stream filter: " + h.capacity);
    long words = BitArray.wordsFor(h.positions);
    checkPayload(h, ParameterBlock.StreamBloom.PARAMETER_BYTES + 8 * words);
    long n = r.readLong("offered");
    check(n >= 0, "offered", "negative: " + n);
    check(n == h.items, "items", "header says " + h.items + ", payload " + n);
    long[] w = readWords(r, words, "bits");
    StreamBloomFilter f = new StreamBloomFilter(h.positions, h.numHashes);
    f.offered = n;
    try {
      f.bits = new BitArray(h.positions, w);
    } catch (IllegalArgumentException e) {
      throw new CorruptFilterException("payload", "bits: " + e.getMessage());
    }
    r.finish();
    return f;
  }
}
