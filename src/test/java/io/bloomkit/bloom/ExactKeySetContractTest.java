package io.bloomkit.bloom;

import io.bloomkit.core.Filter;
import io.bloomkit.testing.MembershipFilterContract;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * {@link MembershipFilterContract} for the exact key set ({@code exact}): its size is its keys',
 * whatever the bits per key asked for, and its rate 0.
 */
public class ExactKeySetContractTest extends MembershipFilterContract {
  @Override
  protected Filter build(long expectedItems, double bitsPerKey, Collection<String> keys) {
    return ExactKeySet.ofStrings(new ArrayList<>(keys));
  }

  @Override
  protected Filter merge(Filter a, Filter b) {
    return ExactKeySet.union(List.of((ExactKeySet) a, (ExactKeySet) b));
  }
}
