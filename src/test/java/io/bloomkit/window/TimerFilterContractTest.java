package io.bloomkit.window;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.data.TimedStream;
import io.bloomkit.testing.StreamFilterContract;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The stream-filter contract for the timer family: single filters (heuristic off and on, the
 * occurrence window) and dynamic ones (by density and cardinality, tightened or not), on a bursty
 * timed stream written at its half.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("filters")
class TimerFilterContractTest extends StreamFilterContract {
  private static final TimedStream S =
      TimedStream.generate(
          new TimedStream.Spec().universe(3_000).length(20_000).rate(20).burst(5).seed(3));

  static List<Object[]> filters() {
    return Arrays.asList(
        new Object[] {"timer", (Supplier<StreamFilter>) () -> WindowFilters.timer(4_000, 3, 50, 0)},
        new Object[] {"timer k'=2", (Supplier<StreamFilter>) () -> WindowFilters.timer(4_000, 3, 50, 2)},
        new Object[] {"timer w=100", (Supplier<StreamFilter>) () -> WindowFilters.timer(8_000, 4, 100, 0)},
        new Object[] {"timer w=1000 k'=3", (Supplier<StreamFilter>) () -> WindowFilters.timer(8_000, 4, 1_000, 3)},
        new Object[] {"occurrence", (Supplier<StreamFilter>) () -> WindowFilters.occurrenceTimer(4_000, 3, 50, 0)},
        new Object[] {"dynamic density", (Supplier<StreamFilter>) () -> WindowFilters.dynamic(1_000, 3, 50, 0, 0.05, "density")},
        new Object[] {"dynamic cardinality tight", (Supplier<StreamFilter>) () -> WindowFilters.dynamic(1_000, 3, 50, 0, 0.05, "cardinality", true)},
        new Object[] {"dynamic density w=500", (Supplier<StreamFilter>) () -> WindowFilters.dynamic(2_000, 4, 500, 0, 0.02, "density")},
        new Object[] {"dynamic cardinality w=500", (Supplier<StreamFilter>) () -> WindowFilters.dynamic(2_000, 4, 500, 0, 0.02, "cardinality")});
  }

  private final Supplier<StreamFilter> filter;

  TimerFilterContractTest(String name, Supplier<StreamFilter> filter) {
    this.filter = filter;
  }

  @Override
  protected StreamFilter create() {
    return filter.get();
  }

  @Override
  protected KeyHash key(int i) {
    return S.hash(i);
  }

  @Override
  protected long time(int i) {
    return S.times[i];
  }

  @Override
  protected int length() {
    return S.length();
  }
}
