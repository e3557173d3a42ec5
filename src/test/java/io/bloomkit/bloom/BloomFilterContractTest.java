package io.bloomkit.bloom;

import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.testing.MembershipFilterContract;
import java.util.Collection;

/** {@link MembershipFilterContract} for the Bloom filter ({@code bf}). */
public class BloomFilterContractTest extends MembershipFilterContract {
  @Override
  protected Filter build(long expectedItems, double bitsPerKey, Collection<String> keys) {
    BloomFilter f = BloomFilter.create(
        FilterShape.forBitsPerKey(FilterFamily.BLOOM, null, expectedItems, 0, bitsPerKey, 0));
    keys.forEach(f::add);
    return f;
  }

  @Override
  protected Filter merge(Filter a, Filter b) {
    ((BloomFilter) a).merge((BloomFilter) b);
    return a;
  }
}
