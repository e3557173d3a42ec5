package io.bloomkit.sbbf;

import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.testing.MembershipFilterContract;
import java.util.Collection;

/** {@link MembershipFilterContract} for the split-block Bloom filter ({@code sbbf}). */
public class SplitBlockContractTest extends MembershipFilterContract {
  @Override
  protected Filter build(long expectedItems, double bitsPerKey, Collection<String> keys) {
    SplitBlockBloomFilter f = SplitBlockBloomFilter.create(
        FilterShape.forBitsPerKey(FilterFamily.SPLIT_BLOCK, null, expectedItems, 0, bitsPerKey, 0));
    keys.forEach(f::add);
    return f;
  }

  @Override
  protected Filter merge(Filter a, Filter b) {
    ((SplitBlockBloomFilter) a).merge((SplitBlockBloomFilter) b);
    return a;
  }
}
