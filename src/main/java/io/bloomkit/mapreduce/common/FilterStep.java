package io.bloomkit.mapreduce.common;

import io.bloomkit.core.Filter;
import io.bloomkit.core.hash.KeyHasher;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * The map-side step of every filter-shipping job (join, dedup, icebergs): loads the filter the
 * client shipped ({@link ShippedFilter}) once per task, tests each record's key, counts the keys
 * it rejects and passes, and tells the mapper whether the record goes on. The mapper's own work
 * (emit for the join, keep or shuffle for dedup, sum for icebergs) is the delegate that sees only
 * the records that pass, as Crunch's {@code BloomFilterJoinStrategy} wraps an ordinary join
 * strategy. A job that ships no filter gets an inactive step that passes every record.
 *
 * <pre>{@code
 * // setup
 * step = FilterStep.builder()
 *     .counting(null, JoinCounters.RIGHT_DROPPED_BY_FILTER)
 *     .countingLoads(JoinCounters.FILTER_LOADS_FROM_CACHE, JoinCounters.FILTER_LOADS_FROM_PATH)
 *     .load(context);
 * // map
 * if (!step.passes(key, length)) {
 *   return; // dropped, counted
 * }
 * }</pre>
 */
public final class FilterStep {
  /** Whether a key passes the filter. */
  @FunctionalInterface
  public interface KeyTest {
    boolean passes(Filter filter, byte[] key, int length);
  }

  /** Called for each key the filter rejects (after it is counted). */
  @FunctionalInterface
  public interface Rejection {
    void rejected(Filter filter, byte[] key, int length);
  }

  /** The default test: {@link Filter#mightContain}. */
  public static final KeyTest MEMBERSHIP = (f, key, length) -> f.mightContain(key, 0, length);

  private final Filter filter;
  private final KeyTest test;
  /** The counters, looked up once (null: not counted). */
  private final Counter passed;
  private final Counter rejected;
  private final Rejection onReject;

  private FilterStep(TaskAttemptContext context, Filter filter, Builder b) {
    this.filter = filter;
    if (b.test == MEMBERSHIP && filter != null) {
      // the same test with one hasher for the task: nothing allocated per record
      KeyHasher hasher = filter.hashStrategy().hasher();
      this.test = (f, key, length) -> f.mightContain(key, 0, length, hasher);
    } else {
      this.test = b.test;
    }
    this.passed = counter(context, b.passed, b.group, b.passedName);
    this.rejected = counter(context, b.rejected, b.group, b.rejectedName);
    this.onReject = b.onReject;
  }

  private static Counter counter(TaskAttemptContext context, Enum<?> c, String group,
      String name) {
    return c != null ? context.getCounter(c)
        : name != null ? context.getCounter(group, name) : null;
  }

  /** A new step, to be set up and {@link Builder#load loaded} in the mapper's setup. */
  public static Builder builder() {
    return new Builder();
  }

  /** How the step reads, tests and counts. */
  public static final class Builder {
    private boolean whole;
    private KeyTest test = MEMBERSHIP;
    private Enum<?> passed;
    private Enum<?> rejected;
    private String group;
    private String passedName;
    private String rejectedName;
    private Enum<?> fromCache;
    private Enum<?> fromPath;
    private Rejection onReject;

    private Builder() {}

    /**
     * Loads the whole, updatable filter (a counting filter's counts: {@link
     * ShippedFilter#loadWhole}) instead of the read-only query view.
     */
    public Builder whole() {
      this.whole = true;
      return this;
    }

    /** Tests keys with {@code t} instead of {@link #MEMBERSHIP}. */
    public Builder test(KeyTest t) {
      this.test = t;
      return this;
    }

    /** The counters of keys that pass and keys that are rejected (either may be null: none). */
    public Builder counting(Enum<?> passedCounter, Enum<?> rejectedCounter) {
      this.passed = passedCounter;
      this.rejected = rejectedCounter;
      return this;
    }

    /**
     * The counters of keys that pass and keys that are rejected by group and name, for a job whose
     * number of filters varies (probe: one pair of names per filter).
     */
    public Builder counting(String counterGroup, String passedCounter, String rejectedCounter) {
      this.group = counterGroup;
      this.passedName = passedCounter;
      this.rejectedName = rejectedCounter;
      return this;
    }

    /**
     * The counters of tasks that loaded the filter from the DistributedCache symlink and from its
     * path (local mode, no symlink).
     */
    public Builder countingLoads(Enum<?> fromCacheCounter, Enum<?> fromPathCounter) {
      this.fromCache = fromCacheCounter;
      this.fromPath = fromPathCounter;
      return this;
    }

    /** Called for each rejected key (join keeps their hashes, or the first one). */
    public Builder onReject(Rejection r) {
      this.onReject = r;
      return this;
    }

    /** Loads the task's shipped filter, if the job ships one; counts the load. */
    public FilterStep load(TaskAttemptContext context) throws IOException {
      Configuration conf = context.getConfiguration();
      return load(context, whole ? ShippedFilter.loadWhole(conf) : ShippedFilter.load(conf));
    }

    /**
     * The step of a filter the task loaded already (one of several: {@link
     * ShippedFilter#loadAll}); counts the load.
     */
    public FilterStep load(TaskAttemptContext context, ShippedFilter shipped) {
      if (shipped.filter() != null) {
        increment(context, shipped.fromCache() ? fromCache : fromPath);
      }
      return new FilterStep(context, shipped.filter(), this);
    }
  }

  /** Whether the job ships a filter (without one, every key passes, uncounted). */
  public boolean active() {
    return filter != null;
  }

  /** The filter, or null when the job ships none. */
  public Filter filter() {
    return filter;
  }

  /**
   * The filter as a {@code type} (a {@code CountingFilter} whose counts the mapper reads), or null
   * when the job ships none.
   *
   * @param need what the user needs, for the message: {@code "icebergs counting needs a counting
   *     filter"} gives {@code icebergs counting needs a counting filter, got FILTER}
   * @throws IOException when the shipped filter is of another type
   */
  public <T> T filterAs(Class<T> type, String need) throws IOException {
    if (filter != null && !type.isInstance(filter)) {
      throw new IOException(need + ", got " + filter);
    }
    return type.cast(filter);
  }

  /**
   * Whether the record of this key goes on: true without a filter; otherwise the test's answer,
   * counted, and a rejected key handed to the {@link Builder#onReject} callback.
   */
  public boolean passes(byte[] key, int length) {
    if (filter == null) {
      return true;
    }
    if (test.passes(filter, key, length)) {
      increment(passed);
      return true;
    }
    increment(rejected);
    if (onReject != null) {
      onReject.rejected(filter, key, length);
    }
    return false;
  }

  private static void increment(TaskAttemptContext context, Enum<?> counter) {
    if (counter != null) {
      context.getCounter(counter).increment(1);
    }
  }

  private static void increment(Counter counter) {
    if (counter != null) {
      counter.increment(1);
    }
  }
}
