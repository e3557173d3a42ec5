package io.bloomkit.data;

import java.io.IOException;

/**
 * A seeded ad-click log for the {@code dedup} and {@code icebergs} jobs: lines {@code
 * time,click,ad,weight,importance} in time order, comma-separated.
 *
 * <ul>
 *   <li>{@code time}: seconds since the start of the log, non-decreasing, spread evenly over
 *       {@code hours} hours (record i at {@code floor((i + U) * span / records)}; ties happen).
 *   <li>{@code click}: the click's identity, the dedup key ({@code c} and 16 hex digits). A share
 *       {@code duplicateShare} of the records (exactly {@link #repeats()} of them) re-send a click
 *       seen before, as at-least-once delivery and retries do; the click re-sent is the one of
 *       recency rank r among the clicks so far (0 = the newest), with r drawn from Zipf({@code
 *       alpha}) over the {@link #distinctClicks()} ranks (a rank not yet reachable is drawn again;
 *       after 64 draws the rank is uniform). Recent clicks are re-sent most, so some re-sends fall
 *       outside any given time window.
 *   <li>{@code ad}: the clicked ad, {@code a0 .. a(ads-1)}, drawn from Zipf({@code alpha}) once per
 *       click (a re-send has its click's ad): the skewed key of {@code icebergs}.
 *   <li>{@code weight}: the click's cost, an integer 1..10 fixed per click ({@code icebergs
 *       --weight-field 3}).
 *   <li>{@code importance}: a number in [0, 1) fixed per click, with 3 decimals ({@code dedup
 *       --importance-field 4}).
 * </ul>
 *
 * The same parameters give the same bytes on every JVM ({@link SplitMix64}); {@code parts} files
 * hold contiguous time ranges, like hourly log files.
 */
public final class ClickLogGenerator {
  /** The dataset name (the tool writes {@code DIR/part-*} directly). */
  public static final String CLICKS = "clicks";

  /** Zero-based fields, for {@code --time-field}, {@code --key-field}, ... */
  public static final int TIME_FIELD = 0;

  public static final int CLICK_FIELD = 1;
  public static final int AD_FIELD = 2;
  public static final int WEIGHT_FIELD = 3;
  public static final int IMPORTANCE_FIELD = 4;

  public static final long DEFAULT_RECORDS = 1_000_000;
  public static final double DEFAULT_DUPLICATE_SHARE = 0.5;
  public static final int DEFAULT_ADS = 10_000;
  public static final double DEFAULT_ALPHA = 1.0;
  public static final int DEFAULT_HOURS = 168;
  public static final long DEFAULT_SEED = 7;

  private static final long CLICK_ID_STREAM = 0x636c69636b49644cL;
  private static final long ATTRIBUTE_STREAM = 0x6174747269627574L;
  private static final int MAX_DRAWS = 64;

  private final long records;
  private final long repeats;
  private final int ads;
  private final double alpha;
  private final int hours;
  private final long seed;

  /**
   * @param records lines to write, at least 1, at most 2^31 - 1 distinct clicks
   * @param duplicateShare the share of records that re-send an earlier click, in [0, 1)
   * @param ads distinct ads, at least 1
   * @param alpha the Zipf exponent of re-sends and of ads, at least 0
   * @param hours the time span in hours, at least 1
   */
  public ClickLogGenerator(
      long records, double duplicateShare, int ads, double alpha, int hours, long seed) {
    if (records < 1) {
      throw new IllegalArgumentException("records must be at least 1: " + records);
    }
    if (!(duplicateShare >= 0 && duplicateShare < 1)) {
      throw new IllegalArgumentException("duplicate share must be in [0, 1): " + duplicateShare);
    }
    if (ads < 1) {
      throw new IllegalArgumentException("ads must be at least 1: " + ads);
    }
    if (!(alpha >= 0) || Double.isInfinite(alpha)) {
      throw new IllegalArgumentException("alpha must be a number >= 0: " + alpha);
    }
    if (hours < 1) {
      throw new IllegalArgumentException("hours must be at least 1: " + hours);
    }
    long r = Math.min(records - 1, Math.round(duplicateShare * records)); // the first is new
    if (records - r > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("too many distinct clicks: " + (records - r));
    }
    this.records = records;
    this.repeats = r;
    this.ads = ads;
    this.alpha = alpha;
    this.hours = hours;
    this.seed = seed;
  }

  public long records() {
    return records;
  }

  /** Records that re-send an earlier click: round(duplicateShare x records), the first excepted. */
  public long repeats() {
    return repeats;
  }

  /** Distinct clicks = records - repeats. */
  public long distinctClicks() {
    return records - repeats;
  }

  /** The log's span in seconds. */
  public long spanSeconds() {
    return hours * 3600L;
  }

  /** The identity of click number {@code j} (0-based, in order of first appearance). */
  public String clickId(long j) {
    String hex = Long.toHexString(SplitMix64.mix(seed ^ CLICK_ID_STREAM ^ j));
    StringBuilder b = new StringBuilder(17).append('c');
    for (int i = hex.length(); i < 16; i++) {
      b.append('0');
    }
    return b.append(hex).toString();
  }

  /** One generated record. */
  public static final class Click {
    /** Seconds since the start of the log. */
    public long time;
    /** The click's number in order of first appearance (its identity is {@link #clickId}). */
    public long click;
    /** Whether this record re-sends an earlier click. */
    public boolean repeat;
    public int ad;
    public long weight;
    /** The importance in thousandths, 0..999. */
    public int importanceMillis;
  }

  /** The records in order; {@link #next} fills one {@link Click} per call. */
  public final class Cursor {
    private final Zipf resend = new Zipf((int) distinctClicks(), alpha);
    private final Zipf adRank = new Zipf(ads, alpha);
    private final SplitMix64 rng = new SplitMix64(seed);
    private final long span = spanSeconds();
    private long i;
    private long introduced; // clicks seen so far
    private long repeatsLeft = repeats;

    private Cursor() {}

    /** Whether a record is left. */
    public boolean hasNext() {
      return i < records;
    }

    /** Records returned so far. */
    public long position() {
      return i;
    }

    /** Fills {@code c} with the next record. */
    public Click next(Click c) {
      if (i >= records) {
        throw new java.util.NoSuchElementException("all " + records + " records returned");
      }
      c.time = (long) ((i + rng.nextDouble()) * span / records);
      // exactly `repeats` re-sends, each position equally likely (sequential sampling)
      c.repeat = introduced > 0 && rng.nextDouble() * (records - i) < repeatsLeft;
      if (c.repeat) {
        repeatsLeft--;
        c.click = introduced - 1 - recencyRank(resend, rng, introduced);
      } else {
        c.click = introduced++;
      }
      SplitMix64 a = new SplitMix64(SplitMix64.mix(seed ^ ATTRIBUTE_STREAM ^ c.click));
      c.ad = adRank.rank(a.nextDouble());
      c.weight = 1 + a.scaledLong(10);
      c.importanceMillis = (int) a.scaledLong(1000);
      i++;
      return c;
    }
  }

  /** A cursor at the first record. */
  public Cursor cursor() {
    return new Cursor();
  }

  /** Writes the log in {@code parts} contiguous time ranges; returns the lines written. */
  public long write(PartSink sink, int parts) throws IOException {
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be at least 1: " + parts);
    }
    Cursor cursor = cursor();
    Click c = new Click();
    for (int p = 0; p < parts; p++) {
      long partEnd = records * (p + 1) / parts;
      try (AsciiLineWriter w = new AsciiLineWriter(sink.open(CLICKS, p))) {
        while (cursor.position() < partEnd) {
          cursor.next(c);
          w.writeLong(c.time).writeByte(',').writeAscii(clickId(c.click)).writeByte(',')
              .writeByte('a').writeLong(c.ad).writeByte(',').writeLong(c.weight).writeByte(',')
              .writeAscii("0.").writeAscii(threeDigits(c.importanceMillis)).endLine();
        }
      }
    }
    return cursor.position();
  }

  private static long recencyRank(Zipf z, SplitMix64 rng, long introduced) {
    for (int d = 0; d < MAX_DRAWS; d++) {
      int r = z.rank(rng.nextDouble());
      if (r < introduced) {
        return r;
      }
    }
    return rng.scaledLong(introduced);
  }

  private static String threeDigits(long v) {
    return v < 10 ? "00" + v : v < 100 ? "0" + v : Long.toString(v);
  }
}
