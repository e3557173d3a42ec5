package io.bloomkit.stable;

import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.ParameterBlock;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Stable Bloom filter (Deng and Rafiei, SIGMOD 2006), as described in section II.B of the IBF
 * paper (Boraskar, Gabale, Kulkarni, Kulkarni, "Importance-aware Bloom Filter for Managing Set
 * Membership Queries on Streaming Data") and used as the baseline of the RSBF paper: {@code m}
 * cells of {@code d} bits, {@code Max = 2^d - 1}. Per element: probe the K cells (duplicate iff
 * none is zero), decrement P distinct cells chosen uniformly at random (a cell at zero stays at
 * zero), then set the K cells to Max. Stable fraction of zeros and false positive bound: {@link
 * StableTheory#sbfZeroFraction}, {@link StableTheory#stableFppBound}.
 *
 * <p>Interpretation: "randomly decrements P cells" is read as P <em>distinct</em> cells (Floyd's
 * sampling), which makes the per-cell decrement probability exactly P/m, the p of the papers'
 * Markov chain. (Deng and Rafiei also suggest P consecutive cells from a random start, as Go
 * BoomFilters does; that keeps P/m per cell but correlates neighbours.)
 *
 * <p>Format payload (after the common header, family 5): {@code max:int, decrements:int, seed:long,
 * rngState:long, offered:long, cells:long[ceil(m*d/64)]} (cells packed d bits each, {@link
 * io.bloomkit.core.bits.PackedCells}); header positions = counters = m, numHashes = K, items = offered.
 */
final class StableBloomFilter extends CellFilter {
  StableBloomFilter(long m, int max, int numHashes, int decrements, long seed) {
    super(m, max, numHashes, decrements, seed);
  }

  @Override
  int valueFor(double importance) {
    return max;
  }

  @Override
  void setCell(long cell, int v) {
    cells.set(cell, v);
  }

  @Override
  public FilterFamily family() {
    return FilterFamily.STABLE;
  }

  @Override
  public String name() {
    return "sbf";
  }

  @Override
  public Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("memoryBits", memoryBits());
    p.put("cells", m);
    p.put("max", max);
    p.put("numHashes", numHashes);
    p.put("decrements", decrements);
    p.put("seed", seed);
    return p;
  }

  @Override
  int parameterBytes() {
    return ParameterBlock.Stable.PARAMETER_BYTES;
  }

  @Override
  void writeParameters(DataOutputStream out) throws IOException {
    out.writeInt(max);
    out.writeInt(decrements);
  }

  @Override
  ParameterBlock block() {
    return new ParameterBlock.Stable(m, cells.width(), numHashes);
  }

  static StableBloomFilter read(FilterFormat.Reader r) throws IOException {
    FilterFormat.Header h = r.header;
    checkHeader(h);
    check(h.variant == 0, "variant", "must be 0 for sbf: " + h.variant);
    int max = readMax(r);
    int p = readDecrements(r);
    long seed = r.readLong("seed");
    checkCellPayload(h, max, ParameterBlock.Stable.PARAMETER_BYTES);
    long[][] state = readState(r, max);
    StableBloomFilter f = new StableBloomFilter(h.positions, max, h.numHashes, p, seed);
    f.load(state);
    return f;
  }
}
