package io.bloomkit.window;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.hash.KeyHash;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A Bloom filter of m bits and k hashes cut into slices held by different sites ("One is Enough",
 * section 3), append-only, first-test-then-set:
 *
 * <ul>
 *   <li>{@link Layout#HORIZONTAL} (Definition 1): S slices of m/S bits; an extra hash H_S of the
 *       event picks its one slice, whose k positions are hashed in [0, m/S).
 *   <li>{@link Layout#VERTICAL} (Definition 2): one filter of m bits, slice s (0-based) holds bits
 *       {@code [s*m/S, (s+1)*m/S)}; an event's k bits may be on up to k sites.
 *   <li>{@link Layout#HV} (h-v diced, section 3.3): horizontal with S slices, each cut vertically
 *       into S' sub-slices.
 *   <li>{@link Layout#VH} (v-h diced): vertical with S slices, each a horizontal filter of S'
 *       sub-slices; one extra hash H_S' of the event picks the sub-slice inside every slice.
 * </ul>
 *
 * Sites ({@code S} or {@code S*S'}) can be marked failed; lookups then follow a {@link
 * FailurePolicy}. Inserts set bits on live sites only. Per-site request counts (each lookup is one
 * request to every distinct site its k bits are on) and the sites a pipelined lookup visits (in hash
 * order, stopping at the first live unset bit) are counted for the load figures of section 7.
 * Slice boundaries are {@code floor(s*m/S)}, so sizes differ by at most one bit when S does not
 * divide m.
 */
final class SlicedBloomFilter {
  enum Layout {
    HORIZONTAL("horizontal"),
    VERTICAL("vertical"),
    HV("h-v"),
    VH("v-h");

    final String cliName;

    Layout(String cliName) {
      this.cliName = cliName;
    }

    static Layout fromName(String s) {
      for (Layout l : values()) {
        if (l.cliName.equals(s) || l.name().equalsIgnoreCase(s)) {
          return l;
        }
      }
      throw new IllegalArgumentException("layout must be horizontal, vertical, h-v or v-h: " + s);
    }
  }

  /** What a bit on a failed site counts as (section 3.2). */
  enum FailurePolicy {
    /** Set: no false negatives, more false positives (eq. 5 and 6). */
    SET("set"),
    /** Unset: the event is distinct, false negatives instead. */
    UNSET("unset"),
    /** Vertical fault tolerance heuristic: duplicate iff at least x live bits, all set. */
    AT_LEAST("at-least");

    final String cliName;

    FailurePolicy(String cliName) {
      this.cliName = cliName;
    }

    static FailurePolicy fromName(String s) {
      for (FailurePolicy p : values()) {
        if (p.cliName.equals(s)) {
          return p;
        }
      }
      throw new IllegalArgumentException("policy must be set, unset or at-least: " + s);
    }
  }

  private final Layout layout;
  private final boolean mixed;
  private final long m;
  private final int k;
  private final int slices;
  private final int subSlices;
  private final BitArray[] sites;
  private final boolean[] failed;
  private FailurePolicy policy = FailurePolicy.SET;
  private int atLeast;
  private final long[] requests;
  private long lookups;
  private long sitesContacted;
  private long sitesPipelined;
  private long items;
  // scratch for one lookup
  private final int[] siteOf;
  private final long[] offsetOf;

  SlicedBloomFilter(Layout layout, long memoryBits, int numHashes, int slices, int subSlices) {
    this(layout, memoryBits, numHashes, slices, subSlices, false);
  }

  /**
   * @param mixedHashing false: position i is the library's {@link KeyHash#position} (double
   *     hashing, so a vertical filter's bits are exactly a {@code BloomFilter}'s of m bits); true:
   *     {@code reduce(fmix64(h1 + i*h2), range)}, which breaks the arithmetic progression of double
   *     hashing. The section 3 formulas assume k independent positions; with double hashing the k
   *     positions of a key lie on a progression, so keys with a small step have all k bits in one or
   *     two slices, and failure tails (all k bits on failed slices) are far heavier than the binomial
   *     ones (see the tests and the report).
   */
  SlicedBloomFilter(
      Layout layout, long memoryBits, int numHashes, int slices, int subSlices, boolean mixedHashing) {
    if (numHashes < 1 || numHashes > BloomMath.MAX_HASHES) {
      throw new IllegalArgumentException("numHashes must be in [1, " + BloomMath.MAX_HASHES + "]: " + numHashes);
    }
    boolean diced = layout == Layout.HV || layout == Layout.VH;
    if (slices < 1 || subSlices < 1 || (!diced && subSlices != 1)) {
      throw new IllegalArgumentException(
          "slices >= 1, and subSlices >= 1 for diced layouts (1 otherwise): " + slices + ", " + subSlices);
    }
    long sites = (long) slices * subSlices;
    if (memoryBits < sites || sites > 1 << 20 || memoryBits >= 1L << 40) {
      throw new IllegalArgumentException(
          "memoryBits " + memoryBits + " (below 2^40) must give every one of " + sites
              + " sites (at most 2^20) a bit");
    }
    this.layout = layout;
    this.mixed = mixedHashing;
    this.m = memoryBits;
    this.k = numHashes;
    this.slices = slices;
    this.subSlices = subSlices;
    this.sites = new BitArray[(int) sites];
    for (int s = 0; s < slices; s++) {
      long size = bound(s + 1, slices, memoryBits) - bound(s, slices, memoryBits);
      for (int t = 0; t < subSlices; t++) {
        this.sites[s * subSlices + t] = new BitArray(bound(t + 1, subSlices, size) - bound(t, subSlices, size));
      }
    }
    this.failed = new boolean[(int) sites];
    this.requests = new long[(int) sites];
    this.siteOf = new int[numHashes];
    this.offsetOf = new long[numHashes];
  }

  /**
   * Start of part {@code s} of {@code parts} equal parts of {@code size}: {@code floor(s*size/parts)}
   * (parts <= 2^20 and size < 2^40, so the product fits in 64 bits).
   */
  static long bound(long s, long parts, long size) {
    return s * size / parts;
  }

  /**
   * The part holding offset p: the largest s with {@code floor(s*size/parts) <= p}, that is
   * {@code ceil((p+1)*parts/size) - 1}.
   */
  static long partOf(long p, long parts, long size) {
    return ((p + 1) * parts - 1) / size;
  }

  /** Position i of the key in [0, range), per the hashing chosen at construction. */
  long position(KeyHash key, int i, long range) {
    return mixed ? Hashing.mixedPosition(key, i, range) : key.position(i, range);
  }

  /** Fills siteOf/offsetOf with the site and in-site offset of each of the key's k bits. */
  private void locate(KeyHash key) {
    switch (layout) {
      case HORIZONTAL:
        {
          int s = (int) Hashing.extraHash(key, 0, slices);
          long size = sites[s].size();
          for (int i = 0; i < k; i++) {
            siteOf[i] = s;
            offsetOf[i] = position(key, i, size);
          }
          break;
        }
      case VERTICAL:
        for (int i = 0; i < k; i++) {
          long p = position(key, i, m);
          int s = (int) partOf(p, slices, m);
          siteOf[i] = s;
          offsetOf[i] = p - bound(s, slices, m);
        }
        break;
      case HV:
        {
          int s = (int) Hashing.extraHash(key, 0, slices);
          long size = bound(s + 1, slices, m) - bound(s, slices, m);
          for (int i = 0; i < k; i++) {
            long q = position(key, i, size);
            int t = (int) partOf(q, subSlices, size);
            siteOf[i] = s * subSlices + t;
            offsetOf[i] = q - bound(t, subSlices, size);
          }
          break;
        }
      case VH:
        {
          int t = (int) Hashing.extraHash(key, 0x9E3779B97F4A7C15L, subSlices);
          for (int i = 0; i < k; i++) {
            long p = position(key, i, m);
            int s = (int) partOf(p, slices, m);
            long size = bound(s + 1, slices, m) - bound(s, slices, m);
            long inSlice = p - bound(s, slices, m);
            int site = s * subSlices + t;
            // the offset inside the slice, scaled onto the sub-slice: uniform as the position is
            siteOf[i] = site;
            offsetOf[i] = Math.min(sites[site].size() - 1, (long) ((double) inSlice / size * sites[site].size()));
          }
          break;
        }
      default:
        throw new AssertionError(layout);
    }
  }

  /**
   * The answer under the failure policy, without changing anything (and without counting load).
   */
  boolean test(KeyHash key) {
    locate(key);
    return answer();
  }

  private boolean answer() {
    int alive = 0;
    boolean anyFailed = false;
    for (int i = 0; i < k; i++) {
      if (failed[siteOf[i]]) {
        anyFailed = true;
        continue;
      }
      alive++;
      if (!sites[siteOf[i]].get(offsetOf[i])) {
        return false; // a live unset bit: certainly distinct
      }
    }
    switch (policy) {
      case SET:
        return true;
      case UNSET:
        return !anyFailed;
      case AT_LEAST:
        return alive >= atLeast;
      default:
        throw new AssertionError(policy);
    }
  }

  /** Sets the key's bits on live sites. */
  void insert(KeyHash key) {
    locate(key);
    set();
  }

  private void set() {
    for (int i = 0; i < k; i++) {
      if (!failed[siteOf[i]]) {
        sites[siteOf[i]].set(offsetOf[i]);
      }
    }
    items++;
  }

  /** First test, then set; counts the load. Returns true if reported a duplicate. */
  boolean offer(KeyHash key) {
    locate(key);
    lookups++;
    // parallel: one request to every distinct live site; pipelined: sites in hash order until the
    // first live unset bit
    boolean stopped = false;
    for (int i = 0; i < k; i++) {
      int s = siteOf[i];
      boolean seen = false;
      for (int j = 0; j < i; j++) {
        if (siteOf[j] == s) {
          seen = true;
          break;
        }
      }
      if (failed[s]) {
        continue;
      }
      if (!seen) {
        requests[s]++;
        sitesContacted++;
        if (!stopped) {
          sitesPipelined++;
        }
      }
      if (!sites[s].get(offsetOf[i])) {
        stopped = true;
      }
    }
    boolean dup = answer();
    if (!dup) {
      set();
    }
    return dup;
  }

  void fail(int site) {
    failed[site] = true;
  }

  void policy(FailurePolicy p, int x) {
    if (p == FailurePolicy.AT_LEAST && (x < 1 || x > k)) {
      throw new IllegalArgumentException("atLeast must be in [1, numHashes=" + k + "]: " + x);
    }
    this.policy = p;
    this.atLeast = x;
  }

  int siteCount() {
    return sites.length;
  }

  long siteBits(int site) {
    return sites[site].size();
  }

  long setBits(int site) {
    return sites[site].cardinality();
  }

  /** Test requests received per site. */
  long[] requests() {
    return requests.clone();
  }

  long lookups() {
    return lookups;
  }

  /** Mean distinct live sites contacted per lookup in parallel. */
  double meanSitesPerLookup() {
    return lookups == 0 ? 0 : (double) sitesContacted / lookups;
  }

  /** Mean sites contacted per lookup when pipelined (stopping at the first live unset bit). */
  double meanSitesPipelined() {
    return lookups == 0 ? 0 : (double) sitesPipelined / lookups;
  }

  long items() {
    return items;
  }

  Layout layout() {
    return layout;
  }

  long memoryBits() {
    return m;
  }

  int numHashes() {
    return k;
  }

  Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("layout", layout.cliName);
    p.put("memoryBits", m);
    p.put("numHashes", k);
    p.put("slices", slices);
    p.put("subSlices", subSlices);
    p.put("policy", policy.cliName);
    p.put("atLeast", atLeast);
    p.put("hashing", mixed ? "mixed" : "double");
    return p;
  }

  @Override
  public String toString() {
    return "SlicedBloomFilter" + parameters() + "[failed=" + Arrays.toString(failed) + "]";
  }
}
