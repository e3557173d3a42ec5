package io.bloomkit.bloom;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.format.FilterFormat;

import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.core.hash.KeyHasher;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The exact set of distinct keys (family {@code exact}): the limit of map-side filtering, with no
 * false positive at all. Keys are byte strings (UTF-8 for string keys) kept sorted, unique and
 * packed in one array with an offset table; membership is a binary search on the bytes.
 *
 * <p>Format (see {@code FilterFormat}): header {@code positions = items = capacity = n} keys,
 * {@code numHashes = 1}, {@code memoryBits = 8 * payloadBytes}; payload: the n key lengths (4-byte
 * ints), then the keys' bytes concatenated in unsigned lexicographic order. Reading checks that
 * the lengths add up and that the keys are strictly increasing. The key bytes total less than
 * 2^31.
 *
 * <p>{@link #mightContain(KeyHash)} has only the hash: it answers from a table of the keys' 128-bit
 * hashes built on first use (exact unless two keys collide in 128 bits). The byte and string
 * lookups never hash.
 */
public final class ExactKeySet implements Filter {
  private static final Comparator<byte[]> ORDER = ExactKeySet::compare;

  private final byte[] data;
  private final int[] offsets; // n + 1
  private final int n;
  private final FilterShape shape;
  private final HashStrategy hash;
  private volatile long[] hashIndex; // sorted (h1, h2) pairs, built on first KeyHash query

  private ExactKeySet(byte[] data, int[] offsets, int n, HashStrategy hash) {
    this.data = data;
    this.offsets = offsets;
    this.n = n;
    this.hash = hash;
    this.shape = shapeOf(n, data.length);
  }

  private static long payloadBytes(long n, long keyBytes) {
    return 4L * n + keyBytes;
  }

  /**
   * The shape of a set of {@code keys} distinct keys totalling {@code keyBytes} bytes (for sizing a
   * set before it exists: its file's payload is {@code memoryBits / 8} bytes, its heap {@link
   * #heapBytes(FilterShape)}).
   */
  public static FilterShape shapeOf(long keys, long keyBytes) {
    return FilterShape.exact(keys, 8 * payloadBytes(keys, keyBytes));
  }

  /** The set of the distinct keys among {@code keys} (the arrays are not kept). */
  public static ExactKeySet of(Collection<byte[]> keys) {
    byte[][] a = keys.toArray(new byte[0][]);
    Arrays.sort(a, ORDER);
    int unique = 0;
    long total = 0;
    for (int i = 0; i < a.length; i++) {
      if (i == 0 || compare(a[i], a[unique - 1]) != 0) {
        a[unique++] = a[i];
        total += a[i].length;
      }
    }
    if (total > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("keys total " + total + " bytes, more than 2^31");
    }
    byte[] data = new byte[(int) total];
    int[] off = new int[unique + 1];
    int p = 0;
    for (int i = 0; i < unique; i++) {
      off[i] = p;
      System.arraycopy(a[i], 0, data, p, a[i].length);
      p += a[i].length;
    }
    off[unique] = p;
    return new ExactKeySet(data, off, unique, HashStrategy.MURMUR3_128_DOUBLE);
  }

  /** The set of the distinct strings among {@code keys}, as UTF-8. */
  public static ExactKeySet ofStrings(Collection<String> keys) {
    List<byte[]> b = new ArrayList<>(keys.size());
    for (String k : keys) {
      b.add(k.getBytes(StandardCharsets.UTF_8));
    }
    return of(b);
  }

  /** The union of several sets (for example the partial sets of parallel builders). */
  public static ExactKeySet union(Collection<ExactKeySet> sets) {
    List<byte[]> all = new ArrayList<>();
    for (ExactKeySet s : sets) {
      for (int i = 0; i < s.n; i++) {
        all.add(s.key(i));
      }
    }
    return of(all);
  }

  /** Unsigned lexicographic order of byte strings. */
  static int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  /** Number of keys. */
  public int size() {
    return n;
  }

  /** Key {@code i} in sorted order (a copy). */
  public byte[] key(int i) {
    return Arrays.copyOfRange(data, offsets[i], offsets[i + 1]);
  }

  /** Whether the key in {@code key[offset, offset + length)} is in the set: exact. */
  public boolean contains(byte[] key, int offset, int length) {
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c =
          Arrays.compareUnsigned(
              data, offsets[mid], offsets[mid + 1], key, offset, offset + length);
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return true;
      }
    }
    return false;
  }

  @Override
  public boolean mightContain(byte[] key, int offset, int length) {
    return contains(key, offset, length);
  }

  /** The key's bytes themselves, never hashed (the hasher is left as it was). */
  @Override
  public boolean mightContain(byte[] key, int offset, int length, KeyHasher hasher) {
    return contains(key, offset, length);
  }

  @Override
  public boolean mightContain(byte[] key) {
    return contains(key, 0, key.length);
  }

  @Override
  public boolean mightContain(String key) {
    return mightContain(key.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public boolean mightContain(KeyHash h) {
    long[] idx = hashIndex;
    if (idx == null) {
      idx = buildHashIndex();
      hashIndex = idx;
    }
    int lo = 0;
    int hi = n - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int c = Long.compare(idx[2 * mid], h.h1());
      if (c == 0) {
        c = Long.compare(idx[2 * mid + 1], h.h2());
      }
      if (c < 0) {
        lo = mid + 1;
      } else if (c > 0) {
        hi = mid - 1;
      } else {
        return true;
      }
    }
    return false;
  }

  private long[] buildHashIndex() {
    KeyHash[] hs = new KeyHash[n];
    for (int i = 0; i < n; i++) {
      hs[i] = hash.hash(data, offsets[i], offsets[i + 1] - offsets[i]);
    }
    Arrays.sort(
        hs, Comparator.comparingLong(KeyHash::h1).thenComparingLong(KeyHash::h2));
    long[] idx = new long[2 * n];
    for (int i = 0; i < n; i++) {
      idx[2 * i] = hs[i].h1();
      idx[2 * i + 1] = hs[i].h2();
    }
    return idx;
  }

  /** Heap bytes of this set: the key bytes and the offset table. */
  public long heapBytes() {
    return data.length + 4L * offsets.length + 64;
  }

  /**
   * Heap bytes a set of this shape takes when read (for checking a memory budget from the header
   * alone): the key bytes (payload minus the 4-byte lengths) plus the 4-byte offset table; the
   * same as {@link #heapBytes()} of the set once read.
   */
  public static long heapBytes(FilterShape shape) {
    if (shape.family() != FilterFamily.EXACT) {
      throw new IllegalArgumentException("not an exact key set shape: " + shape);
    }
    return shape.memoryBits() / 8 - 4 * shape.positions() + 4 * (shape.positions() + 1) + 64;
  }


  @Override
  public FilterShape shape() {
    return shape;
  }

  @Override
  public HashStrategy hashStrategy() {
    return hash;
  }

  @Override
  public long items() {
    return n;
  }

  /** Always 0: the set is exact. */

  @Override
  public void writeTo(OutputStream out) throws IOException {
    FilterFormat.Header h =
        new FilterFormat.Header(shape, hash, n, payloadBytes(n, data.length));
    FilterFormat.write(
        out,
        h,
        d -> {
          for (int i = 0; i < n; i++) {
            d.writeInt(offsets[i + 1] - offsets[i]);
          }
          d.write(data);
        });
  }

  public static ExactKeySet read(FilterFormat.Reader r) throws IOException {
    FilterFormat.Header h = r.header;
    long keys = h.positions;
    if (keys < 0 || keys > FilterFormat.MAX_ARRAY - 1) {
      throw new CorruptFilterException(
          "positions", keys + " keys, outside [0, " + (FilterFormat.MAX_ARRAY - 1) + "]");
    }
    if (keys != h.items) {
      throw new CorruptFilterException(
          "positions", keys + " keys does not match items " + h.items);
    }
    if (h.numHashes != 1) {
      throw new CorruptFilterException("numHashes", h.numHashes + ", an exact set has 1");
    }
    if (h.memoryBits != 8 * h.payloadBytes) {
      throw new CorruptFilterException(
          "memoryBits", h.memoryBits + " is not 8 * payloadBytes " + h.payloadBytes);
    }
    long keyBytes = h.payloadBytes - 4 * keys;
    if (keyBytes < 0 || keyBytes > Integer.MAX_VALUE - 8) {
      throw new CorruptFilterException(
          "payloadBytes", h.payloadBytes + " cannot hold " + keys + " key lengths");
    }
    int count = (int) keys;
    int[] lengths = r.readIntArray(count, "keyLengths");
    int[] off = new int[count + 1];
    long p = 0;
    for (int i = 0; i < count; i++) {
      int len = lengths[i];
      if (len < 0 || p + len > keyBytes) {
        throw new CorruptFilterException(
            "payload", "key " + i + " length " + len + " runs past the key bytes");
      }
      off[i] = (int) p;
      p += len;
    }
    if (p != keyBytes) {
      throw new CorruptFilterException(
          "payload", "key lengths add up to " + p + ", the payload holds " + keyBytes);
    }
    off[count] = (int) p;
    byte[] data = r.readByteArray(keyBytes, "keys");
    r.finish();
    for (int i = 1; i < count; i++) {
      if (Arrays.compareUnsigned(data, off[i - 1], off[i], data, off[i], off[i + 1]) >= 0) {
        throw new CorruptFilterException("payload", "keys not strictly increasing at " + i);
      }
    }
    return new ExactKeySet(data, off, count, h.hash);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ExactKeySet
        && ((ExactKeySet) o).n == n
        && Arrays.equals(((ExactKeySet) o).data, data)
        && Arrays.equals(((ExactKeySet) o).offsets, offsets);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(data) * 31 + n;
  }

  @Override
  public String toString() {
    return "ExactKeySet[keys=" + n + ", bytes=" + data.length + "]";
  }
}
