package io.bloomkit.acbf;

import static org.junit.jupiter.api.Assertions.assertNull;

import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.testing.CountingFilterContract;

/** The counting-filter contract for the ACBF (optimal first level): exact counts, level invariants. */
public class AcbfContractTest extends CountingFilterContract {
  @Override
  protected FilterShape shape(long counters, int numHashes, long capacity) {
    return FilterShape.acbf(AcbfSizing.OPTIMAL, counters, numHashes, capacity, capacity);
  }

  @Override
  protected CountingFilter create(FilterShape shape) {
    return AccurateCountingBloomFilter.create(shape);
  }

  @Override
  protected CountingFilter otherFamily() {
    return CountingBloomFilter.create(FilterShape.counting(500, 3, 100));
  }

  @Override
  protected long counterLimit() {
    return Long.MAX_VALUE;
  }

  @Override
  protected void checkInvariants(CountingFilter f) {
    assertNull(((AccurateCountingBloomFilter) f).invariantViolation());
  }
}
