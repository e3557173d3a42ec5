package io.bloomkit.window;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.hash.KeyHash;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A Bloom tree ("One is Enough", section 6, Definition 5): a complete tree of {@code levels} levels
 * (root at level 0) and fan-out F whose nodes are filters of one shape (m positions, k hashes);
 * producer p is attached to leaf {@code p mod F^(levels-1)}. An event is tested bottom-up from its
 * producer's leaf:
 *
 * <ul>
 *   <li>{@link Mode#DENSE}, test-and-set (Algorithm 1): each node that misses is set at once; the
 *       walk stops at the first hit (duplicate) or after the root (distinct).
 *   <li>{@link Mode#SPARSE}, first-test-then-set (Algorithm 2): nothing is set while testing; a
 *       distinct event is set on its whole path afterwards, so each event is stored once per level.
 * </ul>
 *
 * <p>Top-down testing heuristic (threshold level d > 0): a hit at a node of level j < d is
 * confirmed only if a chain of hits leads from it down to level d through its other children (the
 * child the request came from has missed); otherwise the hit was a false positive. What follows a
 * rejected hit is a {@link TopDown} rule: {@link TopDown#CLIMB} (the default) stops the top-down
 * search and goes on up as after a miss; {@link TopDown#PAPER} is the paper's rule, "u is considered
 * distinct ... and the process stops". The paper's rule calls distinct an event whose true copy sits
 * outside the rejected node's subtree (a false negative the root would have caught; Definition 5
 * promises the root detects every delivered event), so it is not the default: CLIMB removes false
 * positives and adds no false negatives. A distinct verdict of the paper's rule is then stored as
 * any distinct event: a dense tree without timers has already set the nodes below (test-and-set) and
 * the rejected node and its ancestors hold the bits; otherwise first-test-then-set sets the nodes
 * that missed and, with timers, the rest of the path to the root too (fresh expiry times).
 *
 * <p>Root slicing (section 6: "slicing the root Bloom filter" against a hot root): with {@code
 * rootSlices} R > 1 the root's m bits are cut vertically into R slices on R sites ({@link
 * SlicedBloomFilter}'s vertical layout: slice s holds bits {@code [floor(s*m/R), floor((s+1)*m/R))}),
 * the layout of Lemma 1 that keeps the root's bits and so every answer (Proposition 4) unchanged.
 * Every root access (test, set, test-and-set) is one request to each distinct site holding one of
 * the event's k positions; requests per root site are counted.
 *
 * <p>Timers: with a window w > 0 every node is a timer filter stored as expiry times (as {@code
 * io.bloomkit.window.TimerFilter}; a position is set while its expiry is after the clock), and
 * both modes set by first-test-then-set (section 6: test-and-set cannot set timers); a dense tree
 * then copies the hit node's earliest expiry down to the nodes that missed. Without a window a set
 * position never expires. Counted per level: hits (duplicates detected there) and
 * accesses (a test, a set, or a dense test-and-set each count one; top-down tests count too).
 */
final class BloomTree {
  enum Mode {
    DENSE("dense"),
    SPARSE("sparse");

    final String cliName;

    Mode(String cliName) {
      this.cliName = cliName;
    }

    static Mode fromName(String s) {
      for (Mode m : values()) {
        if (m.cliName.equals(s)) {
          return m;
        }
      }
      throw new IllegalArgumentException("tree mode must be dense or sparse: " + s);
    }
  }

  /** What happens after the top-down test rejects a hit (see the class comment). */
  enum TopDown {
    /** Go on up as after a miss (no false negatives; the default). */
    CLIMB("climb"),
    /** The paper's rule: the event is distinct and the process stops. */
    PAPER("paper");

    final String cliName;

    TopDown(String cliName) {
      this.cliName = cliName;
    }

    static TopDown fromName(String s) {
      for (TopDown t : values()) {
        if (t.cliName.equals(s)) {
          return t;
        }
      }
      throw new IllegalArgumentException("top-down rule must be climb or paper: " + s);
    }
  }

  private static final long NEVER = Long.MAX_VALUE;
  private static final long UNSET = Long.MIN_VALUE;

  private final int levels;
  private final int fanout;
  private final long m;
  private final int k;
  private final Mode mode;
  private final long window;
  private final int threshold;
  private final TopDown topDown;
  private final int rootSlices;
  private final long[] rootRequests;
  private final int[] rootSite;
  /** nodes[level][index]: the node's bit words (no window) or expiry times (window), see node(). */
  private final long[][][] nodes;
  private final long[] hits;
  private final long[] accesses;
  private final long[] climbed;
  private long rejections;
  private long topDownStops;
  private long now = Long.MIN_VALUE;
  private final int[] path;
  private final int[] pos;

  BloomTree(int levels, int fanout, long memoryBits, int numHashes, Mode mode, long window, int thresholdLevel) {
    this(levels, fanout, memoryBits, numHashes, mode, window, thresholdLevel, TopDown.CLIMB, 1);
  }

  BloomTree(
      int levels, int fanout, long memoryBits, int numHashes, Mode mode, long window, int thresholdLevel,
      TopDown topDown, int rootSlices) {
    if (levels < 1 || fanout < 1 || Math.pow(fanout, levels - 1) > 1 << 16) {
      throw new IllegalArgumentException("levels >= 1, fanout >= 1, at most 2^16 leaves: " + levels + ", " + fanout);
    }
    if (memoryBits < 1 || memoryBits > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("memoryBits per node must be in [1, 2^31 - 9]: " + memoryBits);
    }
    if (numHashes < 1 || numHashes > BloomMath.MAX_HASHES) {
      throw new IllegalArgumentException("numHashes must be in [1, " + BloomMath.MAX_HASHES + "]: " + numHashes);
    }
    if (window < 0) {
      throw new IllegalArgumentException("window must be >= 0 (0: no timers): " + window);
    }
    if (thresholdLevel < 0 || thresholdLevel >= levels) {
      throw new IllegalArgumentException(
          "thresholdLevel must be in [0, levels-1=" + (levels - 1) + "] (0: heuristic off): " + thresholdLevel);
    }
    if (rootSlices < 1 || rootSlices > memoryBits) {
      throw new IllegalArgumentException("rootSlices must be in [1, memoryBits=" + memoryBits + "]: " + rootSlices);
    }
    this.levels = levels;
    this.fanout = fanout;
    this.m = memoryBits;
    this.k = numHashes;
    this.mode = mode;
    this.window = window;
    this.threshold = thresholdLevel;
    this.topDown = topDown;
    this.rootSlices = rootSlices;
    this.rootRequests = new long[rootSlices];
    this.rootSite = new int[numHashes];
    this.nodes = new long[levels][][];
    int width = 1;
    for (int j = 0; j < levels; j++) {
      nodes[j] = new long[width][];
      width *= fanout;
    }
    this.hits = new long[levels];
    this.accesses = new long[levels];
    this.climbed = new long[levels + 1];
    this.path = new int[levels];
    this.pos = new int[numHashes];
  }

  int leaves() {
    return nodes[levels - 1].length;
  }

  /**
   * The node's storage, allocated on first set: without a window a bit array ({@code ceil(m/64)}
   * words, bit p of word p/64), with a window one expiry time per position.
   */
  private long[] node(int level, int index) {
    long[] n = nodes[level][index];
    if (n == null) {
      if (window == 0) {
        n = new long[(int) BitArray.wordsFor(m)];
      } else {
        n = new long[(int) m];
        Arrays.fill(n, UNSET);
      }
      nodes[level][index] = n;
    }
    return n;
  }

  /** Counts one access to node (level, index): at the root one request to each site it touches. */
  private void access(int level) {
    accesses[level]++;
    if (level == 0) {
      for (int i = 0; i < k; i++) {
        boolean seen = false;
        for (int j = 0; j < i; j++) {
          seen |= rootSite[j] == rootSite[i];
        }
        if (!seen) {
          rootRequests[rootSite[i]]++;
        }
      }
    }
  }

  private boolean test(int level, int index) {
    access(level);
    long[] n = nodes[level][index];
    if (n == null) {
      return false;
    }
    for (int p : pos) {
      if (window == 0 ? (n[BitArray.word(p)] & BitArray.mask(p)) == 0 : n[p] <= now) {
        return false;
      }
    }
    return true;
  }

  private void set(int level, int index, long expiry, boolean countAccess) {
    if (countAccess) {
      access(level);
    }
    long[] n = node(level, index);
    for (int p : pos) {
      if (window == 0) {
        n[BitArray.word(p)] |= BitArray.mask(p);
      } else if (n[p] < expiry) {
        n[p] = expiry;
      }
    }
  }

  /**
   * Offers an event of {@code producer} stamped {@code time} (ignored without a window, which may
   * then be {@link io.bloomkit.core.StreamFilter#NO_TIME}); returns true if the tree reports it a
   * duplicate.
   */
  boolean offer(KeyHash key, int producer, long time) {
    if (producer < 0) {
      throw new IllegalArgumentException("producer must be >= 0: " + producer);
    }
    long expiry = NEVER;
    if (window > 0) {
      now = Math.max(now, time);
      expiry = time + window;
    }
    for (int i = 0; i < k; i++) {
      pos[i] = (int) key.position(i, m);
      rootSite[i] = (int) SlicedBloomFilter.partOf(pos[i], rootSlices, m);
    }
    int leaf = producer % leaves();
    for (int j = levels - 1, idx = leaf; j >= 0; j--, idx /= fanout) {
      path[j] = idx;
    }
    boolean dense = mode == Mode.DENSE && window == 0;
    for (int j = levels - 1; j >= 0; j--) {
      boolean hit = test(j, path[j]);
      if (hit && j < threshold && !confirm(j, path[j], j + 1 < levels ? path[j + 1] : -1)) {
        rejections++;
        if (topDown == TopDown.PAPER) {
          // the paper's rule: distinct, the process stops (the class comment says what is set)
          topDownStops++;
          climbed[levels - j]++;
          if (!dense) {
            for (int s = levels - 1; s >= (window > 0 ? 0 : j + 1); s--) {
              set(s, path[s], expiry, true);
            }
          }
          return false;
        }
        hit = false; // a false positive here: go on up as after a miss
      }
      if (hit) {
        hits[j]++;
        climbed[levels - j]++;
        if (mode == Mode.DENSE && !dense) {
          // timers: dense sets the missed nodes after testing, with the hit node's earliest expiry
          // among the k positions (the latest the original delivery can expire), not a fresh
          // window: a duplicate was not delivered and must not extend the window (Definition 4)
          long[] n = nodes[j][path[j]];
          long down = NEVER;
          for (int p : pos) {
            down = Math.min(down, n[p]);
          }
          for (int s = levels - 1; s > j; s--) {
            set(s, path[s], down, true);
          }
        }
        return true;
      }
      if (dense) {
        set(j, path[j], expiry, false); // test-and-set: one access
      }
    }
    climbed[levels]++;
    if (!dense) { // distinct: first-test-then-set sets the whole path now
      for (int s = levels - 1; s >= 0; s--) {
        set(s, path[s], expiry, true);
      }
    }
    return false;
  }

  /** Top-down: is there a chain of hits from (level, index) down to the threshold level? */
  private boolean confirm(int level, int index, int cameFrom) {
    if (level >= threshold || level == levels - 1) {
      return true;
    }
    for (int c = 0; c < fanout; c++) {
      int child = index * fanout + c;
      if (child == cameFrom) {
        continue;
      }
      if (test(level + 1, child) && confirm(level + 1, child, -1)) {
        return true;
      }
    }
    return false;
  }

  /** Duplicates detected per level (root first). */
  long[] hitsPerLevel() {
    return hits.clone();
  }

  /** Filter accesses per level (root first). */
  long[] accessesPerLevel() {
    return accesses.clone();
  }

  /** Events by the number of levels visited bottom-up before the answer (index 1..levels). */
  long[] levelsClimbed() {
    return climbed.clone();
  }

  /** Hits rejected as false positives by the top-down heuristic. */
  long rejections() {
    return rejections;
  }

  /** Events the paper's top-down rule called distinct at a rejected hit (0 under CLIMB). */
  long topDownStops() {
    return topDownStops;
  }

  /** Requests received per root site (R sites; with R = 1 the root's accesses). */
  long[] rootRequests() {
    return rootRequests.clone();
  }

  int levels() {
    return levels;
  }

  /** The filters' state in bits: nodes x m x (1, or timer bits with a window). */
  long memoryBits() {
    long count = 0;
    for (long[][] level : nodes) {
      count += level.length;
    }
    return count * m * (window == 0 ? 1 : WindowTheory.timerBits(window));
  }

  Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("mode", mode.cliName);
    p.put("levels", levels);
    p.put("fanout", fanout);
    p.put("memoryBits", m);
    p.put("numHashes", k);
    p.put("window", window);
    p.put("thresholdLevel", threshold);
    p.put("topDown", topDown.cliName);
    p.put("rootSlices", rootSlices);
    return p;
  }
}
