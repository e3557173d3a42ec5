package io.bloomkit.mapreduce.filterjob;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.sbbf.SplitBlockBloomFilter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * One build task's share of the filter: a filter of the FULL shape holding only the task's keys
 * (the tasks' key sets are disjoint). Partials of counting filters are summed with {@code merge},
 * Bloom filters ORed, exact sets united: {@link #merge}. An ACBF partial is counted flat and
 * encoded once ({@link AccurateCountingBloomFilter#bulkBuilder}).
 */
public abstract class PartialFilter {
  private static final HashStrategy HASH = HashStrategy.MURMUR3_128_DOUBLE;

  /** Adds one distinct key (its canonical bytes; UTF-8 for a string key). */
  public abstract void add(byte[] key, int offset, int length);

  /** Keys added. */
  public abstract long items();

  /** The finished partial filter. */
  public abstract Filter finish();

  /** An empty partial of the spec's shape (the spec must be sized: items known). */
  public static PartialFilter create(FilterSpec spec) {
    return spec.family() == FilterFamily.EXACT ? new Exact() : of(spec.shape());
  }

  /**
   * An empty partial of exactly {@code shape} (a Bloom, split-block, counting or ACBF shape), e.g. one read
   * from a filter file's header: {@code update}'s tasks build counter vectors of the filter's shape.
   */
  public static PartialFilter of(FilterShape shape) {
    switch (shape.family()) {
      case BLOOM:
        {
          BloomFilter bf = BloomFilter.create(shape);
          return new Incremental(bf, bf::add);
        }
      case SPLIT_BLOCK:
        {
          SplitBlockBloomFilter sbbf = SplitBlockBloomFilter.create(shape);
          return new Incremental(sbbf, sbbf::add);
        }
      case COUNTING:
        {
          CountingBloomFilter cbf = CountingBloomFilter.create(shape);
          return new Incremental(cbf, cbf::add);
        }
      case ACCURATE_COUNTING:
        return new Acbf(shape);
      default:
        throw new IllegalArgumentException("no partial build for " + shape.family());
    }
  }

  /** An empty filter of the spec's shape (when no task wrote a partial). */
  public static Filter empty(FilterSpec spec) {
    return create(spec).finish();
  }

  /**
   * Combines partials of disjoint key sets into one filter: counters summed, bits ORed, sets
   * united. The partials must all come from the same spec.
   */
  public static Filter merge(List<Filter> partials) {
    if (partials.isEmpty()) {
      throw new IllegalArgumentException("no partial filter to merge");
    }
    Filter first = partials.get(0);
    if (first instanceof ExactKeySet) {
      List<ExactKeySet> sets = new ArrayList<>();
      for (Filter f : partials) {
        sets.add((ExactKeySet) f);
      }
      return ExactKeySet.union(sets);
    }
    for (Filter f : partials.subList(1, partials.size())) {
      if (first instanceof CountingFilter) {
        ((CountingFilter) first).merge((CountingFilter) f); // counter addition, never OR
      } else if (first instanceof BloomFilter && f instanceof BloomFilter) {
        ((BloomFilter) first).merge((BloomFilter) f);
      } else if (first instanceof SplitBlockBloomFilter && f instanceof SplitBlockBloomFilter) {
        ((SplitBlockBloomFilter) first).merge((SplitBlockBloomFilter) f);
      } else {
        throw new IllegalArgumentException(
            "cannot merge " + first.shape().name() + " with " + f.shape().name());
      }
    }
    return first;
  }

  /** A Bloom or counting filter that takes each key as it comes. */
  private static final class Incremental extends PartialFilter {
    private final Filter f;
    private final Consumer<KeyHash> add;

    Incremental(Filter f, Consumer<KeyHash> add) {
      this.f = f;
      this.add = add;
    }

    @Override
    public void add(byte[] key, int offset, int length) {
      add.accept(HASH.hash(key, offset, length));
    }

    @Override
    public long items() {
      return f.items();
    }

    @Override
    public Filter finish() {
      return f;
    }
  }

  private static final class Acbf extends PartialFilter {
    private final AccurateCountingBloomFilter.BulkBuilder b;

    Acbf(FilterShape shape) {
      this.b = AccurateCountingBloomFilter.bulkBuilder(shape);
    }

    @Override
    public void add(byte[] key, int offset, int length) {
      b.add(HASH.hash(key, offset, length));
    }

    @Override
    public long items() {
      return b.items();
    }

    @Override
    public Filter finish() {
      return b.build();
    }
  }

  private static final class Exact extends PartialFilter {
    private final List<byte[]> keys = new ArrayList<>();

    @Override
    public void add(byte[] key, int offset, int length) {
      keys.add(Arrays.copyOfRange(key, offset, offset + length));
    }

    @Override
    public long items() {
      return keys.size();
    }

    @Override
    public Filter finish() {
      return ExactKeySet.of(keys);
    }
  }
}
