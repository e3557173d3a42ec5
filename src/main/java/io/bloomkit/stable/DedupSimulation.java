package io.bloomkit.stable;

import io.bloomkit.sim.LongSet;
import io.bloomkit.sim.SimOptions;
import io.bloomkit.sim.Simulation;

import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.data.ClickLogGenerator;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.stable.StreamFilters;
import io.bloomkit.data.Streams;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * {@code simulate dedup}: one stream duplicate-detection filter (bf, sbf, rsbf, ibf-2c, ibf-mc,
 * ibf-h) run over a seeded stream against an exact oracle (the set of keys seen). The {@code clicks}
 * stream is the key sequence of {@code generate clicks} with the same records, duplicate share,
 * alpha and seed ({@link ClickLogGenerator}), importance = the click's thousandths in [0, 1000), so
 * the simulation predicts what {@code dedup --method stream} does on that log. A false positive
 * is a distinct arrival reported duplicate, a false negative a duplicate arrival reported distinct;
 * {@code fpr = FP / distinct arrivals}, {@code fnr = FN / duplicate arrivals}. For importance
 * streams also the importance-weighted rates of the IBF paper (IV.B) over the same denominators,
 * {@code wfp = sum(imp * FP) / sum(imp over distinct arrivals)} and {@code wfn} likewise, and the
 * importance rate arrays {@code ifp[i-1]}, {@code ifn[i-1]}: the FP (FN) rate among distinct
 * (duplicate) arrivals of importance i (the weighted rates also for the clicks stream) ({@code NaN} printed as -1 where there are none). Ends with
 * the fraction of zero cells (bits) observed and the theory's value ({@link
 * StreamFilters#theoryZeroFraction}, for IBF with the stream's own law of importance classes), and
 * the theory's false positive bound ({@link StreamFilters#theoryFprBound}).
 */
public final class DedupSimulation implements Simulation {
  static final String[] FILTERS = {"bf", "sbf", "rsbf", "ibf-2c", "ibf-mc", "ibf-h"};

  @Override
  public String name() {
    return "dedup";
  }

  @Override
  public String description() {
    return "stream duplicate detection (BF, SBF, RSBF, IBF) against an exact oracle: FPR, FNR, zeros";
  }

  @Override
  public Options options() {
    Options o = new Options();
    o.addOption(opt("filter", "F", "bf, sbf, rsbf, ibf-2c, ibf-mc, ibf-h (required)"));
    o.addOption(opt("memory-bits", "B", "filter state in bits (required)"));
    o.addOption(opt("stream", "S", "zipf, uniform, importance or clicks (default zipf)"));
    o.addOption(opt("duplicate-share", "F", "clicks stream: share of re-sent clicks (default 0.5);"
        + " the keys of 'generate clicks --records N --duplicate-share F --alpha A --seed S'"));
    o.addOption(opt("length", "N", "elements in the stream (default 1000000)"));
    o.addOption(opt("universe", "U", "distinct keys of a zipf or uniform stream (default 1000000)"));
    o.addOption(opt("alpha", "A", "zipf exponent (default 1.0)"));
    o.addOption(opt("seed", "S", "random seed of stream and filter (default 1)"));
    o.addOption(opt("num-hashes", "K", "hashes K (bf, sbf, ibf default 5; rsbf default from --fpr-target)"));
    o.addOption(opt("max", "M", "cell maximum 2^d - 1 (sbf, ibf; default 7)"));
    o.addOption(opt("decrements", "P", "cells decremented per element (sbf, ibf; default 10, sbf from --fpr-target if given)"));
    o.addOption(opt("fpr-target", "T", "rsbf: FPR_t of section 5.4 (default 0.1); sbf: P for this stable FPR bound"));
    o.addOption(opt("threshold", "P*", "rsbf insertion-probability threshold p* (default 0.03)"));
    o.addOption(opt("importance-min", "X", "ibf importance range low end (default 1)"));
    o.addOption(opt("importance-max", "Y", "ibf importance range high end; importance stream 1..Y (default 50)"));
    o.addOption(opt("repeat", "R", "importance stream: share of arrivals that repeat a seen element (default 0.3)"));
    o.addOption(opt("occurrence", "O", "importance stream: uniform, proportional or inverse (default uniform)"));
    o.addOption(opt("trace-every", "R", "also report the non-zero cells (set bits) every R elements"));
    return o;
  }

  /** The click numbers and importances (thousandths) of a generated click log, in order. */
  private static Streams.ElementStream clickStream(
      long length, double duplicateShare, double alpha, long seed) {
    ClickLogGenerator.Cursor cursor =
        new ClickLogGenerator(length, duplicateShare, 1, alpha, 1, seed).cursor();
    ClickLogGenerator.Click c = new ClickLogGenerator.Click();
    return new Streams.ElementStream() {
      @Override
      public long nextKey() {
        return cursor.next(c).click;
      }

      @Override
      public int importance() {
        return c.importanceMillis;
      }
    };
  }

  private static Option opt(String name, String arg, String desc) {
    return Option.builder().longOpt(name).hasArg().argName(arg).desc(desc).build();
  }

  @Override
  public List<Map<String, Object>> run(CommandLine cl) {
    String filterName = required(cl, "filter");
    long memoryBits = SimOptions.longValue(cl, "memory-bits", -1);
    if (!cl.hasOption("memory-bits") || memoryBits <= 0) {
      throw new IllegalArgumentException("--memory-bits is required and must be positive");
    }
    String streamName = cl.getOptionValue("stream", "zipf");
    long length = SimOptions.longValue(cl, "length", 1_000_000);
    long universe = SimOptions.longValue(cl, "universe", 1_000_000);
    double alpha = SimOptions.doubleValue(cl, "alpha", 1.0);
    long seed = SimOptions.longValue(cl, "seed", 1);
    int traceEvery = SimOptions.intValue(cl, "trace-every", 0, 0);
    if (length <= 0) {
      throw new IllegalArgumentException("--length must be positive: " + length);
    }
    int impMaxStream = SimOptions.intValue(cl, "importance-max", 50, 1);
    boolean clicks = streamName.equals("clicks");
    // a click's importance is its thousandths 0..999 (the log's 0.xxx): range [0, 1000) as [0, 1)
    double impMin = SimOptions.doubleValue(cl, "importance-min", clicks ? 0 : 1);
    double impMax = SimOptions.doubleValue(cl, "importance-max", clicks ? 1000 : 50);
    Streams.ElementStream stream;
    boolean importanceStream = false;
    switch (streamName) {
      case "zipf":
        stream = Streams.zipf(universe, alpha, seed);
        break;
      case "uniform":
        stream = Streams.uniform(universe, seed);
        break;
      case "importance":
        stream =
            Streams.importance(
                SimOptions.doubleValue(cl, "repeat", 0.3),
                Streams.Occurrence.parse(cl.getOptionValue("occurrence", "uniform")),
                impMaxStream,
                seed);
        importanceStream = true;
        break;
      case "clicks":
        stream = clickStream(length, SimOptions.doubleValue(cl, "duplicate-share", 0.5), alpha, seed);
        break;
      default:
        throw new IllegalArgumentException(
            "unknown --stream '" + streamName + "' (zipf, uniform, importance, clicks)");
    }
    long filterSeed = seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
    StreamFilter filter = build(filterName, memoryBits, cl, impMin, impMax, filterSeed);

    LongSet seen = new LongSet();
    long distinct = 0;
    long duplicates = 0;
    long fp = 0;
    long fn = 0;
    double wDistinct = 0;
    double wDup = 0;
    double wFp = 0;
    double wFn = 0;
    int nImp = importanceStream ? impMaxStream : 0;
    long[] impDistinct = new long[nImp + 1];
    long[] impDup = new long[nImp + 1];
    long[] impFp = new long[nImp + 1];
    long[] impFn = new long[nImp + 1];
    int cellMax = filter.parameters().containsKey("max") ? ((Number) filter.parameters().get("max")).intValue() : 1;
    ImportanceMap classes = new ImportanceMap(impMin, impMax, cellMax);
    long[] classCount = new long[cellMax + 1];
    List<Double> traceX = new ArrayList<>();
    List<Double> traceY = new ArrayList<>();
    for (long i = 1; i <= length; i++) {
      long key = stream.nextKey();
      int imp = stream.importance();
      KeyHash h = Streams.hash(key);
      boolean duplicate = !seen.add(key);
      boolean reported = filter.offer(h, StreamFilter.NO_TIME, imp);
      classCount[classes.apply(imp)]++;
      if (duplicate) {
        duplicates++;
        wDup += imp;
        if (!reported) {
          fn++;
          wFn += imp;
        }
      } else {
        distinct++;
        wDistinct += imp;
        if (reported) {
          fp++;
          wFp += imp;
        }
      }
      if (importanceStream && imp >= 1 && imp <= nImp) {
        if (duplicate) {
          impDup[imp]++;
          if (!reported) {
            impFn[imp]++;
          }
        } else {
          impDistinct[imp]++;
          if (reported) {
            impFp[imp]++;
          }
        }
      }
      if (traceEvery > 0 && i % traceEvery == 0) {
        traceX.add((double) i);
        traceY.add((double) StreamFilters.nonZeroCells(filter));
      }
    }
    double[] classProb = new double[cellMax + 1];
    for (int c = 1; c <= cellMax; c++) {
      classProb[c] = (double) classCount[c] / length;
    }
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("filter", filter.name());
    row.put("memoryBits", filter.memoryBits());
    row.put("length", length);
    row.put("distinct", distinct);
    row.put("duplicates", duplicates);
    row.put("falsePositives", fp);
    row.put("falseNegatives", fn);
    row.put("fpr", distinct == 0 ? 0.0 : (double) fp / distinct);
    row.put("fnr", duplicates == 0 ? 0.0 : (double) fn / duplicates);
    if (importanceStream || clicks) {
      row.put("wfp", wDistinct == 0 ? 0.0 : wFp / wDistinct);
      row.put("wfn", wDup == 0 ? 0.0 : wFn / wDup);
    }
    if (importanceStream) {
      row.put("ifp", rates(impFp, impDistinct));
      row.put("ifn", rates(impFn, impDup));
    }
    double zeros = StreamFilters.zeroFraction(filter);
    // a Bloom filter's bits are the OR of every distinct element's K bits (a false positive's bits are
    // already all set), so n is the number of distinct elements, false positives included
    double theoryZeros = StreamFilters.theoryZeroFraction(filter, distinct, classProb);
    row.put("zeroFraction", zeros);
    row.put("zeroFractionTheory", theoryZeros);
    row.put("fprTheory", StreamFilters.theoryFprBound(filter, theoryZeros));
    row.put("stream", streamName);
    if (!importanceStream && !clicks) {
      row.put("universe", universe);
    }
    if (streamName.equals("zipf") || clicks) {
      row.put("alpha", alpha);
    }
    if (clicks) {
      row.put("duplicateShare", SimOptions.doubleValue(cl, "duplicate-share", 0.5));
    }
    if (importanceStream) {
      row.put("repeat", SimOptions.doubleValue(cl, "repeat", 0.3));
      row.put("occurrence", cl.getOptionValue("occurrence", "uniform"));
    }
    row.put("seed", seed);
    for (Map.Entry<String, Object> e : filter.parameters().entrySet()) {
      if (!row.containsKey(e.getKey()) && !e.getKey().equals("variant")) {
        row.put(e.getKey(), e.getValue());
      }
    }
    if (traceEvery > 0) {
      row.put("traceRecords", toArray(traceX));
      row.put("traceNonZero", toArray(traceY));
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    rows.add(row);
    return rows;
  }

  static StreamFilter build(
      String name, long memoryBits, CommandLine cl, double impMin, double impMax, long seed) {
    int max = SimOptions.intValue(cl, "max", StreamFilters.DEFAULT_MAX, 1);
    int k = SimOptions.intValue(cl, "num-hashes", StreamFilters.DEFAULT_NUM_HASHES, 1);
    int p = SimOptions.intValue(cl, "decrements", StreamFilters.DEFAULT_DECREMENTS, 0);
    try {
      switch (name) {
        case "bf":
          return StreamFilters.bloom(memoryBits, k);
        case "sbf":
          if (cl.hasOption("fpr-target") && !cl.hasOption("decrements")) {
            return StreamFilters.stableForFpr(
                memoryBits, max, k, SimOptions.doubleValue(cl, "fpr-target", 0.1), seed);
          }
          return StreamFilters.stable(memoryBits, max, k, p, seed);
        case "rsbf":
          {
            double threshold =
                SimOptions.doubleValue(cl, "threshold", StreamFilters.DEFAULT_THRESHOLD);
            if (cl.hasOption("num-hashes")) {
              return StreamFilters.reservoir(memoryBits, k, threshold, seed);
            }
            return StreamFilters.reservoirForFpr(
                memoryBits, SimOptions.doubleValue(cl, "fpr-target", 0.1), threshold, seed);
          }
        default:
          IbfVariant v = IbfVariant.fromCliName(name);
          if (v == null) {
            throw new IllegalArgumentException(
                "unknown --filter '" + name + "' (" + String.join(", ", FILTERS) + ")");
          }
          return StreamFilters.importance(v, memoryBits, max, k, p, impMin, impMax, seed);
      }
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
  }

  private static String required(CommandLine cl, String name) {
    if (!cl.hasOption(name)) {
      throw new IllegalArgumentException("--" + name + " is required");
    }
    return cl.getOptionValue(name);
  }

  private static double[] rates(long[] num, long[] den) {
    double[] r = new double[num.length - 1];
    for (int i = 1; i < num.length; i++) {
      r[i - 1] = den[i] == 0 ? -1 : (double) num[i] / den[i];
    }
    return r;
  }

  private static double[] toArray(List<Double> xs) {
    double[] a = new double[xs.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = xs.get(i);
    }
    return a;
  }
}
