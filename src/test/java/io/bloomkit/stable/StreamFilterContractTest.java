package io.bloomkit.stable;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.testing.StreamFilterContract;
import java.util.ArrayList;
import java.util.List;
import org.junit.experimental.runners.Enclosed;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/**
 * The stream-filter contract for the stable family's filters, built as the golden files' filters
 * ({@link GoldenStreamFilters}): keys {@code golden-(i % 700)}, importance {@code 1 + i % 50}.
 */
@RunWith(Enclosed.class)
public class StreamFilterContractTest {
  /** The golden files' stream: keys {@code golden-(i % 700)}. */
  abstract static class GoldenStream extends StreamFilterContract {
    @Override
    protected KeyHash key(int i) {
      return HashStrategy.MURMUR3_128_DOUBLE.hash("golden-" + (i % 700));
    }
  }

  public static class Stable extends GoldenStream {
    @Override
    protected StreamFilter create() {
      return StreamFilters.stable(300, 3, 3, 4, 17);
    }
  }

  public static class Reservoir extends GoldenStream {
    @Override
    protected StreamFilter create() {
      return StreamFilters.reservoir(300, 3, 0.03, 17);
    }
  }

  /** Each IBF variant (2C, MC, H). */
  @RunWith(Parameterized.class)
  public static class Importance extends GoldenStream {
    @Parameterized.Parameters(name = "{0}")
    public static List<Object[]> variants() {
      List<Object[]> l = new ArrayList<>();
      for (IbfVariant v : IbfVariant.values()) {
        l.add(new Object[] {v});
      }
      return l;
    }

    private final IbfVariant variant;

    public Importance(IbfVariant variant) {
      this.variant = variant;
    }

    @Override
    protected StreamFilter create() {
      return StreamFilters.importance(variant, 300, 7, 3, 4, 1, 50, 17);
    }
  }

  public static class StreamBloom extends GoldenStream {
    @Override
    protected StreamFilter create() {
      return StreamFilters.bloom(300, 3);
    }
  }
}
