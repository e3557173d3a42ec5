package io.bloomkit.bloom;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.testing.CountingFilterContract;

/** The counting-filter contract for the CBF: 4-bit counters, saturating at 15. */
public class CountingBloomFilterContractTest extends CountingFilterContract {
  @Override
  protected FilterShape shape(long counters, int numHashes, long capacity) {
    return FilterShape.counting(counters, numHashes, capacity);
  }

  @Override
  protected CountingFilter create(FilterShape shape) {
    return CountingBloomFilter.create(shape);
  }

  @Override
  protected CountingFilter otherFamily() {
    return AccurateCountingBloomFilter.create(FilterShape.acbf(AcbfSizing.OPTIMAL, 500, 3, 100, 100));
  }

  @Override
  protected long counterLimit() {
    return 15;
  }
}
