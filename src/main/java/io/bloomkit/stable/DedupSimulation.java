package io.bloomkit.stable;

import io.bloomkit.sim.Param;
import io.bloomkit.sim.ParamValues;
import io.bloomkit.sim.Simulation;

import com.carrotsearch.hppc.LongHashSet;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.data.ClickLogGenerator;
import io.bloomkit.data.Streams;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code simulate dedup}: one stream duplicate-detection filter (bf, sbf, rsbf, ibf-2c, ibf-mc,
 * ibf-h) run over a seeded stream against an exact oracle (the set of keys seen). The {@code clicks}
 * stream is the key sequence of {@code generate clicks} with the same records, duplicate share,
 * alpha and seed ({@link ClickLogGenerator}), importance = the click's thousandths in [0, 1000), so
 * the simulation predicts what {@code dedup --method stream} does on that log. A false positive
 * is a distinct arrival reported duplicate, a false negative a duplicate arrival reported distinct;
 * {@code fpr = FP / distinct arrivals}, {@code fnr = FN / duplicate arrivals}. For importance
 * streams also the importance-weighted rates in two forms (the weighted rates also for the clicks
 * stream):
 *
 * <ul>
 *   <li>per arrival kind, over the same denominators as fpr and fnr: {@code wfp = sum(imp * FP) /
 *       sum(imp over distinct arrivals)}, {@code wfn = sum(imp * FN) / sum(imp over duplicate
 *       arrivals)}; per importance: {@code ifp[i-1]}, {@code ifn[i-1]}, the FP (FN) rate among
 *       distinct (duplicate) arrivals of importance i exactly;
 *   <li>the IBF paper's definitions as printed (IV.B), every arrival a query: {@code wfpPaper =
 *       sum_k beta_k imp_k / sum_k imp_k} over all n arrivals (beta_k = 1 iff arrival k is a FP),
 *       {@code wfnPaper} likewise with FN; {@code ifpPaper[i-1] = sum_{imp>=i} beta / sum_{imp>=i}
 *       1}, cumulative over the arrivals of importance i or more, {@code ifnPaper} likewise.
 * </ul>
 *
 * ({@code -1} where a rate has no arrivals.) Ends with
 * the fraction of zero cells (bits) observed and the theory's value ({@link
 * StreamFilters#theoryZeroFraction}, for IBF with the stream's own law of importance classes), and
 * the theory's false positive bound ({@link StreamFilters#theoryFppBound}). With {@code
 * --trace-every R}, arrays sampled after every R-th element: {@code traceRecords}, {@code
 * traceNonZero} (non-zero cells or set bits), {@code traceDistinct} and {@code traceDuplicates}
 * (arrivals so far) and the cumulative {@code traceFpr} and {@code traceFnr} (FP / distinct and FN
 * / duplicates over the elements so far, 0 while the denominator is 0); a window's rate is the
 * difference of FP (= fpr * distinct) and of the distinct counts between two samples.
 */
public final class DedupSimulation implements Simulation {
  static final String[] FILTERS = {"bf", "sbf", "rsbf", "ibf-2c", "ibf-2c-alg1", "ibf-mc", "ibf-h"};

  @Override
  public String name() {
    return "dedup";
  }

  @Override
  public String description() {
    return "stream duplicate detection (BF, SBF, RSBF, IBF) against an exact oracle: FPR, FNR, zeros";
  }

  static final Param<String> FILTER =
      Param.ofString("filter", "F", "bf, sbf, rsbf, ibf-2c, ibf-2c-alg1, ibf-mc, ibf-h", null).required();
  static final Param<Long> MEMORY_BITS =
      Param.ofLong("memory-bits", "B", "filter state in bits", null).required();
  static final Param<String> STREAM =
      Param.ofString("stream", "S", "zipf, uniform, importance or clicks", "zipf");
  static final Param<Double> DUPLICATE_SHARE =
      Param.ofDouble("duplicate-share", "F", "clicks stream: share of re-sent clicks (default 0.5);"
          + " the keys of 'generate clicks --records N --duplicate-share F --alpha A --seed S'", 0.5)
          .defaultShownAs(null);
  static final Param<Long> LENGTH = Param.ofLong("length", "N", "elements in the stream", 1_000_000L);
  static final Param<Long> UNIVERSE =
      Param.ofLong("universe", "U", "distinct keys of a zipf or uniform stream", 1_000_000L);
  static final Param<Double> ALPHA = Param.ofDouble("alpha", "A", "zipf exponent", 1.0);
  static final Param<Long> SEED = Param.ofLong("seed", "S", "random seed of stream and filter", 1L);
  static final Param<Integer> NUM_HASHES =
      Param.ofInt("num-hashes", "K", "hashes K (bf, sbf, ibf default "
          + StreamFilters.DEFAULT_NUM_HASHES + "; rsbf default from --fpr-target)",
          StreamFilters.DEFAULT_NUM_HASHES, 1).defaultShownAs(null);
  static final Param<Integer> MAX =
      Param.ofInt("max", "M", "cell maximum 2^d - 1 (sbf, ibf; default " + StreamFilters.DEFAULT_MAX
          + ")", StreamFilters.DEFAULT_MAX, 1).defaultShownAs(null);
  static final Param<Integer> DECREMENTS =
      Param.ofInt("decrements", "P", "cells decremented per element (sbf, ibf; default "
          + StreamFilters.DEFAULT_DECREMENTS + ", sbf from --fpr-target if given)",
          StreamFilters.DEFAULT_DECREMENTS, 0).defaultShownAs(null);
  static final Param<Double> FPR_TARGET =
      Param.ofDouble("fpr-target", "T", "rsbf: FPR_t of section 5.4 (default 0.1); sbf: P for this"
          + " stable FPR bound", 0.1).defaultShownAs(null);
  static final Param<Double> THRESHOLD =
      Param.ofDouble("threshold", "P*", "rsbf insertion-probability threshold p*",
          StreamFilters.DEFAULT_THRESHOLD);
  static final Param<Double> IMPORTANCE_MIN =
      Param.ofDouble("importance-min", "X", "ibf importance range low end", null).defaultShownAs("1");
  static final Param<Integer> IMPORTANCE_MAX =
      Param.ofInt("importance-max", "Y", "ibf importance range high end; importance stream 1..Y", 50, 1);
  static final Param<Double> REPEAT =
      Param.ofDouble("repeat", "R", "importance stream: share of arrivals that repeat a seen element", 0.3);
  static final Param<String> OCCURRENCE =
      Param.ofString("occurrence", "O", "importance stream: uniform, proportional or inverse", "uniform");
  static final Param<Integer> TRACE_EVERY =
      Param.ofInt("trace-every", "R", "also report every R elements the non-zero cells (set bits), the"
          + " distinct and duplicate arrivals so far and the cumulative FPR and FNR", 0, 0)
          .defaultShownAs(null);

  @Override
  public List<Param<?>> params() {
    return List.of(FILTER, MEMORY_BITS, STREAM, DUPLICATE_SHARE, LENGTH, UNIVERSE, ALPHA, SEED,
        NUM_HASHES, MAX, DECREMENTS, FPR_TARGET, THRESHOLD, IMPORTANCE_MIN, IMPORTANCE_MAX, REPEAT,
        OCCURRENCE, TRACE_EVERY);
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

  @Override
  public List<Map<String, Object>> run(ParamValues values) {
    String filterName = values.get(FILTER);
    long memoryBits = values.get(MEMORY_BITS, -1L);
    if (!values.isSet(MEMORY_BITS) || memoryBits <= 0) {
      throw new IllegalArgumentException("--memory-bits is required and must be positive");
    }
    String streamName = values.get(STREAM);
    long length = values.get(LENGTH);
    long universe = values.get(UNIVERSE);
    double alpha = values.get(ALPHA);
    long seed = values.get(SEED);
    int traceEvery = values.get(TRACE_EVERY);
    if (length <= 0) {
      throw new IllegalArgumentException("--length must be positive: " + length);
    }
    int impMaxStream = values.get(IMPORTANCE_MAX);
    boolean clicks = streamName.equals("clicks");
    // a click's importance is its thousandths 0..999 (the log's 0.xxx): range [0, 1000) as [0, 1)
    double impMin = values.get(IMPORTANCE_MIN, clicks ? 0.0 : 1.0);
    double impMax = values.isSet(IMPORTANCE_MAX) ? impMaxStream : clicks ? 1000 : 50;
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
                values.get(REPEAT),
                Streams.Occurrence.parse(values.get(OCCURRENCE)),
                impMaxStream,
                seed);
        importanceStream = true;
        break;
      case "clicks":
        stream = clickStream(length, values.get(DUPLICATE_SHARE), alpha, seed);
        break;
      default:
        throw new IllegalArgumentException(
            "unknown --stream '" + streamName + "' (zipf, uniform, importance, clicks)");
    }
    long filterSeed = filterSeed(seed);
    StreamFilter filter = build(filterName, memoryBits, values, impMin, impMax, filterSeed);

    LongHashSet seen = new LongHashSet();
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
    long[] impAll = new long[nImp + 1]; // every arrival (query) of importance i, for the paper's forms
    int cellMax = filter.parameters().containsKey("max") ? ((Number) filter.parameters().get("max")).intValue() : 1;
    ImportanceMap classes = new ImportanceMap(impMin, impMax, cellMax);
    long[] classCount = new long[cellMax + 1];
    List<Double> traceX = new ArrayList<>();
    List<Double> traceY = new ArrayList<>();
    List<Double> traceDistinct = new ArrayList<>();
    List<Double> traceDup = new ArrayList<>();
    List<Double> traceFpr = new ArrayList<>();
    List<Double> traceFnr = new ArrayList<>();
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
        impAll[imp]++;
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
        traceDistinct.add((double) distinct);
        traceDup.add((double) duplicates);
        traceFpr.add(distinct == 0 ? 0.0 : (double) fp / distinct);
        traceFnr.add(duplicates == 0 ? 0.0 : (double) fn / duplicates);
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
      // IBF paper IV.B as printed: both over all n queries, sum(beta imp_k) / sum(imp_k)
      double wAll = wDistinct + wDup;
      row.put("wfpPaper", wAll == 0 ? 0.0 : wFp / wAll);
      row.put("wfnPaper", wAll == 0 ? 0.0 : wFn / wAll);
    }
    if (importanceStream) {
      row.put("ifp", rates(impFp, impDistinct));
      row.put("ifn", rates(impFn, impDup));
      row.put("ifpPaper", cumulativeRates(impFp, impAll));
      row.put("ifnPaper", cumulativeRates(impFn, impAll));
    }
    double zeros = StreamFilters.zeroFraction(filter);
    // a Bloom filter's bits are the OR of every distinct element's K bits (a false positive's bits are
    // already all set), so n is the number of distinct elements, false positives included
    double theoryZeros = StreamFilters.theoryZeroFraction(filter, distinct, classProb);
    row.put("zeroFraction", zeros);
    row.put("zeroFractionTheory", theoryZeros);
    row.put("fprTheory", StreamFilters.theoryFppBound(filter, theoryZeros));
    row.put("stream", streamName);
    if (!importanceStream && !clicks) {
      row.put("universe", universe);
    }
    if (streamName.equals("zipf") || clicks) {
      row.put("alpha", alpha);
    }
    if (clicks) {
      row.put("duplicateShare", values.get(DUPLICATE_SHARE));
    }
    if (importanceStream) {
      row.put("repeat", values.get(REPEAT));
      row.put("occurrence", values.get(OCCURRENCE));
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
      row.put("traceDistinct", toArray(traceDistinct));
      row.put("traceDuplicates", toArray(traceDup));
      row.put("traceFpr", toArray(traceFpr));
      row.put("traceFnr", toArray(traceFnr));
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    rows.add(row);
    return rows;
  }

  /** The filter's seed for the run's {@code --seed}. */
  static long filterSeed(long seed) {
    return seed * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
  }

  static StreamFilter build(
      String name, long memoryBits, ParamValues values, double impMin, double impMax, long seed) {
    int max = values.get(MAX);
    int k = values.get(NUM_HASHES);
    int p = values.get(DECREMENTS);
    try {
      switch (name) {
        case "bf":
          return StreamFilters.bloom(memoryBits, k);
        case "sbf":
          if (values.isSet(FPR_TARGET) && !values.isSet(DECREMENTS)) {
            return StreamFilters.stableForFpp(memoryBits, max, k, values.get(FPR_TARGET), seed);
          }
          return StreamFilters.stable(memoryBits, max, k, p, seed);
        case "rsbf":
          {
            double threshold = values.get(THRESHOLD);
            if (values.isSet(NUM_HASHES)) {
              return StreamFilters.reservoir(memoryBits, k, threshold, seed);
            }
            return StreamFilters.reservoirForFpp(memoryBits, values.get(FPR_TARGET), threshold, seed);
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

  private static double[] rates(long[] num, long[] den) {
    double[] r = new double[num.length - 1];
    for (int i = 1; i < num.length; i++) {
      r[i - 1] = den[i] == 0 ? -1 : (double) num[i] / den[i];
    }
    return r;
  }

  /**
   * The IBF paper's importance rate arrays as printed (IV.B): entry i-1 is {@code sum_{imp>=i}
   * beta / sum_{imp>=i} 1}, errors among all queries of importance i or more ({@code -1} where
   * there are none).
   */
  private static double[] cumulativeRates(long[] num, long[] all) {
    double[] r = new double[num.length - 1];
    long n = 0;
    long d = 0;
    for (int i = num.length - 1; i >= 1; i--) {
      n += num[i];
      d += all[i];
      r[i - 1] = d == 0 ? -1 : (double) n / d;
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
