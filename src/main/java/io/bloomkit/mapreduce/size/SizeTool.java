package io.bloomkit.mapreduce.size;

import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.config.UsageException;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code size --items N (--fpp P | --bits-per-key B) [--hashes K] [--capacity C]}: the memory, hash
 * count and theoretical false positive rate at N of a Bloom filter, a CBF and an ACBF, sized by
 * {@link FilterShape}. Prints one JSON object.
 */
public final class SizeTool extends BloomkitTool {
  @Override
  public String name() {
    return "size";
  }

  @Override
  public String description() {
    return "Size bf, sbbf, cbf and acbf for N items at a target fpp or bits per key; prints JSON.";
  }

  @Override
  protected boolean alwaysJson() {
    return true;
  }

  @Override
  protected Options options() {
    Options o = new Options();
    SizingOptions.addItems(o, "items to size for (required)");
    SizingOptions.addRate(o, false);
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) {
    required(cl, "items");
    if (!cl.hasOption("fpp") && !cl.hasOption("bits-per-key")) {
      throw new UsageException("one of --fpp or --bits-per-key is required");
    }
    long n = longValue(cl, "items", 0, 1);
    long c = longValue(cl, "capacity", n, n);
    int k = intValue(cl, "hashes", 0, 1);
    double fpp = cl.hasOption("fpp") ? doubleValue(cl, "fpp", 0) : 0;
    double bpk = cl.hasOption("bits-per-key") ? doubleValue(cl, "bits-per-key", 0) : 0;
    FilterShape bf;
    FilterShape cbf;
    FilterShape acbf;
    FilterShape sbbf;
    try {
      bf = shape(FilterFamily.BLOOM, null, n, c, fpp, bpk, k);
      cbf = shape(FilterFamily.COUNTING, null, n, c, fpp, bpk, k);
      acbf = shape(FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, n, c, fpp, bpk, k);
      sbbf = splitBlock(n, c, fpp, bpk);
    } catch (io.bloomkit.core.FilterTooLargeException e) {
      throw SizingOptions.tooLarge(cl, e);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    Map<String, Object> r = result();
    r.put("items", n);
    r.put("capacity", c);
    Map<String, Object> b = result();
    b.put("bits", bf.memoryBits());
    b.put("hashes", bf.numHashes());
    b.put("fpp", bf.fpp(n));
    r.put("bf", b);
    Map<String, Object> s = null;
    if (sbbf != null) {
      s = result();
      s.put("bits", sbbf.memoryBits());
      s.put("blocks", sbbf.memoryBits() / 256);
      s.put("hashes", sbbf.numHashes());
      s.put("fpp", sbbf.fpp(n));
    }
    r.put("sbbf", s);
    Map<String, Object> cb = result();
    cb.put("counters", cbf.counters());
    cb.put("bits", cbf.memoryBits());
    cb.put("hashes", cbf.numHashes());
    cb.put("fpp", cbf.fpp(n));
    r.put("cbf", cb);
    Map<String, Object> a = result();
    a.put("counters", acbf.counters());
    a.put("bits", acbf.memoryBits());
    a.put("firstLevelBits", acbf.positions());
    a.put("hashes", acbf.numHashes());
    a.put("fpp", acbf.fpp(n));
    r.put("acbf", a);
    return r;
  }

  /**
   * The split-block filter (its k is always 8), or null when no split-block filter reaches {@code
   * fpp}: with 8 bits per key its rate never goes below about {@code 32^-8} times the load of a
   * block, so a rate such as 1e-30 is out of its reach even where a Bloom filter's is not.
   */
  private static FilterShape splitBlock(long n, long c, double fpp, double bpk) {
    try {
      return shape(FilterFamily.SPLIT_BLOCK, null, n, c, fpp, bpk, 0);
    } catch (io.bloomkit.core.FilterTooLargeException e) {
      return null;
    }
  }

  private static FilterShape shape(
      FilterFamily f, AcbfSizing s, long n, long c, double fpp, double bpk, int k) {
    return fpp > 0
        ? FilterShape.forFpp(f, s, n, c, fpp, k)
        : FilterShape.forBitsPerKey(f, s, n, c, bpk, k);
  }

  public static void main(String[] args) {
    main(new SizeTool(), args);
  }
}
