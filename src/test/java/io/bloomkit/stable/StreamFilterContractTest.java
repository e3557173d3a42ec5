package io.bloomkit.stable;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.testing.StreamFilterContract;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The stream-filter contract for the stable family's filters, built as the golden files' filters
 * ({@link GoldenStreamFilters}): keys {@code golden-(i % 700)}, importance {@code 1 + i % 50}.
 */
class StreamFilterContractTest {
  /** The golden files' stream: keys {@code golden-(i % 700)}. */
  abstract static class GoldenStream extends StreamFilterContract {
    @Override
    protected KeyHash key(int i) {
      return HashStrategy.MURMUR3_128_DOUBLE.hash("golden-" + (i % 700));
    }
  }

  @Nested
  class Stable extends GoldenStream {
    @Override
    protected StreamFilter create() {
      return StreamFilters.stable(300, 3, 3, 4, 17);
    }
  }

  @Nested
  class Reservoir extends GoldenStream {
    @Override
    protected StreamFilter create() {
      return StreamFilters.reservoir(300, 3, 0.03, 17);
    }
  }

  /** Each IBF variant (2C, MC, H). */
  @Nested
  @ParameterizedClass(name = "{0}")
  @EnumSource(IbfVariant.class)
  class Importance extends GoldenStream {
    private final IbfVariant variant;

    Importance(IbfVariant variant) {
      this.variant = variant;
    }

    @Override
    protected StreamFilter create() {
      return StreamFilters.importance(variant, 300, 7, 3, 4, 1, 50, 17);
    }
  }

  @Nested
  class StreamBloom extends GoldenStream {
    @Override
    protected StreamFilter create() {
      return StreamFilters.bloom(300, 3);
    }
  }
}
