package io.bloomkit.data;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Seeded data of the shape of the NBER patent-citation files used in the ACBF paper's MapReduce
 * experiment (Section 4): {@code pat63_99.txt} (patents), {@code cite75_99.txt} (citations) and a
 * key file of patents taken from the first.
 *
 * <h2>Datasets (comma-delimited, no header line)</h2>
 *
 * <ul>
 *   <li>{@value #PATENTS}: one line per patent, ids consecutive from {@value #FIRST_PATENT_ID}:
 *       {@code PATENT,GYEAR,GDATE,APPYEAR,COUNTRY,CLAIMS,NCLASS,CAT}. Grant dates ({@code GDATE},
 *       days since 1960-01-01 as in the NBER file) grow with the id from 1963 to 1999.
 *   <li>{@value #CITATIONS}: {@code CITING,CITED}, sorted by citing patent. The citing patents are
 *       spread uniformly (the sorted order statistics of {@code citations} uniform draws); a patent
 *       cites only earlier patents, chosen with probability proportional to a per-patent
 *       "fitness" drawn from a Pareto distribution with shape {@value #FITNESS_SHAPE}. Older
 *       patents are exposed to more citers, so the in-degree of {@code CITED} is heavy-tailed (a
 *       power-law tail with exponent about shape + 1 = 3) and most patents are cited
 *       rarely. A patent cites each earlier patent at most once: a draw that lands on a patent
 *       already citing all earlier ones moves to the next patent (this concerns the first few ids
 *       only), so pairs never repeat while {@code citations < patents}, and in practice only when
 *       {@code citations} nears the {@code patents * (patents - 1) / 2} possible pairs.
 *   <li>{@value #KEYS}: the patent lines of {@code keys} distinct patents chosen uniformly without
 *       replacement (selection sampling), in id order; joined with citations on {@code CITED} about
 *       {@code keys / patents} of the citations match (2.3% with the defaults).
 * </ul>
 *
 * <p>Everything is a function of the seed and the three sizes: the same arguments give the same
 * bytes, whatever the number of parts (parts are contiguous ranges of the one sequence). Memory is
 * one double per patent (the fitness prefix sums); citations and keys are streamed.
 */
public final class PatentDataGenerator {
  /** Dataset names, also the sub-directories written by the {@code generate patents} tool. */
  public static final String PATENTS = "patents";

  public static final String CITATIONS = "citations";
  public static final String KEYS = "keys";

  /** The first utility patent of 1963, the first id of {@code pat63_99.txt}. */
  public static final long FIRST_PATENT_ID = 3_070_801L;

  /** About the number of patents of {@code pat63_99.txt} (ids 3,070,801..6,009,554). */
  public static final int DEFAULT_PATENTS = 2_900_000;

  /** The number of citation records of {@code cite75_99.txt}. */
  public static final long DEFAULT_CITATIONS = 16_522_438L;

  /** The number of key patents of the paper's experiment. */
  public static final int DEFAULT_KEYS = 65_771;

  public static final long DEFAULT_SEED = 42L;

  /** Pareto shape of the citation fitness; the in-degree tail exponent is about shape + 1. */
  static final double FITNESS_SHAPE = 2.0;

  /** Zero-based field indexes, for join options ({@code --key-field}, {@code --right-key}). */
  public static final int PATENT_ID_FIELD = 0;

  public static final int CITING_FIELD = 0;
  public static final int CITED_FIELD = 1;

  private static final long DAY_1963_01_01 = 1096; // days from 1960-01-01
  private static final long DAY_1999_12_31 = 14_609;
  private static final String[] COUNTRIES = {"US", "JP", "DE", "GB", "FR", "CA", "CH", "IT", "SE"};
  private static final double[] COUNTRY_CUMULATIVE = {
    0.55, 0.76, 0.86, 0.90, 0.94, 0.96, 0.975, 0.99, 1.0
  };

  private static final long ATTRIBUTE_STREAM = 0x5041_5445_4E54_5331L;
  private static final long FITNESS_STREAM = 0x4649_544E_4553_5331L;
  private static final long CITATION_STREAM = 0x4349_5441_5449_4F4EL;
  private static final long KEY_STREAM = 0x4B45_5953_4B45_5953L;

  private final int patents;
  private final long citations;
  private final int keys;
  private final long seed;

  /**
   * @param patents number of patents, at least 1 (at least 2 if there are citations)
   * @param citations number of citation records, at least 0
   * @param keys number of key patents, {@code 0 <= keys <= patents}
   * @param seed any value; equal seeds give equal data
   */
  public PatentDataGenerator(int patents, long citations, int keys, long seed) {
    if (patents < 1) {
      throw new IllegalArgumentException("patents must be at least 1: " + patents);
    }
    if (citations < 0) {
      throw new IllegalArgumentException("citations must not be negative: " + citations);
    }
    if (citations > 0 && patents < 2) {
      throw new IllegalArgumentException("citations need at least 2 patents: " + patents);
    }
    if (keys < 0 || keys > patents) {
      throw new IllegalArgumentException(
          "keys must be between 0 and patents (" + patents + "): " + keys);
    }
    this.patents = patents;
    this.citations = citations;
    this.keys = keys;
    this.seed = seed;
  }

  public int patents() {
    return patents;
  }

  public long citations() {
    return citations;
  }

  public int keys() {
    return keys;
  }

  public long seed() {
    return seed;
  }

  /** The id of the patent at {@code index} ({@code 0 <= index < patents}). */
  public static long patentId(int index) {
    return FIRST_PATENT_ID + index;
  }

  /** The line of the patent at {@code index}, without the line terminator. */
  public String patentLine(int index) {
    checkIndex(index);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
    try (AsciiLineWriter w = new AsciiLineWriter(bytes)) {
      writePatent(w, index);
    } catch (IOException e) {
      throw new AssertionError("in-memory stream", e);
    }
    return new String(bytes.toByteArray(), StandardCharsets.US_ASCII);
  }

  /** Writes all patents, split into {@code parts} contiguous ranges; returns the lines written. */
  public long writePatents(PartSink sink, int parts) throws IOException {
    checkParts(parts);
    long written = 0;
    for (int p = 0; p < parts; p++) {
      int from = (int) ((long) patents * p / parts);
      int to = (int) ((long) patents * (p + 1) / parts);
      try (AsciiLineWriter w = new AsciiLineWriter(sink.open(PATENTS, p))) {
        for (int i = from; i < to; i++) {
          writePatent(w, i);
          w.endLine();
        }
        written += w.lines();
      }
    }
    return written;
  }

  /** Writes the key patents' lines, split into {@code parts} parts; returns the lines written. */
  public long writeKeys(PartSink sink, int parts) throws IOException {
    checkParts(parts);
    SplitMix64 rng = new SplitMix64(SplitMix64.mix(seed ^ KEY_STREAM));
    int selected = 0;
    int index = 0;
    for (int p = 0; p < parts; p++) {
      int partEnd = (int) ((long) keys * (p + 1) / parts);
      try (AsciiLineWriter w = new AsciiLineWriter(sink.open(KEYS, p))) {
        // selection sampling (Knuth, TAOCP vol. 2, 3.4.2, Algorithm S): exactly `keys` in order
        while (selected < partEnd) {
          if (rng.nextDouble() * (patents - index) < keys - selected) {
            writePatent(w, index);
            w.endLine();
            selected++;
          }
          index++;
        }
      }
    }
    return selected;
  }

  /**
   * Writes the citations, split into {@code parts} contiguous ranges of the sequence sorted by
   * citing patent; returns the lines written.
   */
  public long writeCitations(PartSink sink, int parts) throws IOException {
    checkParts(parts);
    double[] cumulative = citations == 0 ? new double[0] : fitnessPrefixSums();
    SplitMix64 rng = new SplitMix64(SplitMix64.mix(seed ^ CITATION_STREAM));
    double u = 0; // the last order statistic of the citing draws, in [0, 1)
    int citing = -1;
    int[] cited = new int[16];
    int citedCount = 0;
    long k = 0;
    for (int p = 0; p < parts; p++) {
      long partEnd = partBoundary(citations, p + 1, parts);
      try (AsciiLineWriter w = new AsciiLineWriter(sink.open(CITATIONS, p))) {
        for (; k < partEnd; k++) {
          // next of the sorted uniforms: 1 - U_(k+1) = (1 - U_(k)) * V^(1 / (n - k))
          u = 1 - (1 - u) * Math.exp(Math.log(rng.nextDoubleOpenZero()) / (citations - k));
          int c = 1 + (int) Math.min(patents - 2, (long) (u * (patents - 1)));
          if (c > citing) {
            citing = c;
            citedCount = 0;
          } else if (citedCount >= citing && citing < patents - 1) {
            // this patent already cites every earlier one: the citation moves to the next patent
            citing++;
            citedCount = 0;
          }
          int target = drawCited(rng, cumulative, citing, cited, citedCount);
          if (citedCount == cited.length) {
            cited = Arrays.copyOf(cited, cited.length * 2);
          }
          cited[citedCount++] = target;
          w.writeLong(patentId(citing)).writeByte(',').writeLong(patentId(target)).endLine();
        }
      }
    }
    return k;
  }

  /**
   * A patent before {@code citing}, by fitness, avoiding those it already cites when it can: after
   * 32 rejected draws, the nearest earlier patent not yet cited below (else above) the last draw.
   */
  private static int drawCited(
      SplitMix64 rng, double[] cumulative, int citing, int[] already, int alreadyCount) {
    int target = 0;
    for (int attempt = 0; attempt < 32; attempt++) {
      target = search(cumulative, citing, rng.nextDouble() * cumulative[citing]);
      if (!contains(already, alreadyCount, target)) {
        return target;
      }
    }
    for (int j = target - 1; j >= 0; j--) {
      if (!contains(already, alreadyCount, j)) {
        return j;
      }
    }
    for (int j = target + 1; j < citing; j++) {
      if (!contains(already, alreadyCount, j)) {
        return j;
      }
    }
    return target; // every earlier patent is cited already: only when pairs run out
  }

  /** The largest {@code j < limit} with {@code cumulative[j] <= x}. */
  private static int search(double[] cumulative, int limit, double x) {
    int lo = 0;
    int hi = limit - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (cumulative[mid] <= x) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  private static boolean contains(int[] values, int count, int value) {
    for (int i = 0; i < count; i++) {
      if (values[i] == value) {
        return true;
      }
    }
    return false;
  }

  /** {@code cumulative[j]} is the total fitness of patents {@code 0..j-1}. */
  private double[] fitnessPrefixSums() {
    double[] cumulative = new double[patents + 1];
    double sum = 0;
    for (int j = 0; j < patents; j++) {
      cumulative[j] = sum;
      sum += fitness(j);
    }
    cumulative[patents] = sum;
    return cumulative;
  }

  /** Pareto(shape, x_min = 1) by inversion: {@code (1 - U)^(-1 / shape)}, at least 1. */
  double fitness(int index) {
    double u = SplitMix64.unit(SplitMix64.mix(seed ^ FITNESS_STREAM ^ SplitMix64.mix(index)));
    return Math.pow(1.0 - u, -1.0 / FITNESS_SHAPE);
  }

  private void writePatent(AsciiLineWriter w, int index) throws IOException {
    long bits = SplitMix64.mix(seed ^ ATTRIBUTE_STREAM ^ SplitMix64.mix(index));
    long gdate = DAY_1963_01_01 + (DAY_1999_12_31 - DAY_1963_01_01) * index / patents;
    long gyear = 1960 + (long) (gdate / 365.25);
    long appyear = gyear - 1 - (bits & 3);
    double countryDraw = SplitMix64.unit(SplitMix64.mix(bits));
    int country = 0;
    while (countryDraw >= COUNTRY_CUMULATIVE[country]) {
      country++;
    }
    long claims = 1 + ((bits >>> 8) & 15) + ((bits >>> 12) & 7) + ((bits >>> 15) & 3);
    long nclass = 2 + ((bits >>> 20) & 0xffff) % 800;
    long cat = 1 + ((bits >>> 40) & 0xff) % 6;
    w.writeLong(patentId(index)).writeByte(',');
    w.writeLong(gyear).writeByte(',');
    w.writeLong(gdate).writeByte(',');
    w.writeLong(appyear).writeByte(',');
    w.writeAscii(COUNTRIES[country]).writeByte(',');
    w.writeLong(claims).writeByte(',');
    w.writeLong(nclass).writeByte(',');
    w.writeLong(cat);
  }

  private static long partBoundary(long total, int part, int parts) {
    // total * part / parts without overflow for any realistic total
    return total / parts * part + total % parts * part / parts;
  }

  private void checkIndex(int index) {
    if (index < 0 || index >= patents) {
      throw new IndexOutOfBoundsException("patent index " + index + " not in [0, " + patents + ")");
    }
  }

  private static void checkParts(int parts) {
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be at least 1: " + parts);
    }
  }
}
