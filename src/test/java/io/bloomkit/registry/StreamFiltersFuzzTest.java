package io.bloomkit.registry;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.window.TimerFilter;
import io.bloomkit.window.WindowFilters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.bloomkit.core.hash.HashStrategy;
import java.io.ByteArrayInputStream;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzz tests of the stream families' readers ({@link StreamFilters#read}: sbf, rsbf, ibf-*,
 * stream-bf, timer, timer-dynamic; {@link WindowFilters#read}), with the length unknown and known;
 * a filter that reads must also take an element. See {@code FilterReadersFuzzTest}.
 */
class StreamFiltersFuzzTest {
  @FuzzTest(maxDuration = "60s")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void read(byte[] input) throws Exception {
    for (byte[] b : new byte[][] {input, FuzzOutcomes.withValidChecksum(input)}) {
      readOnce(b);
    }
  }

  private void readOnce(byte[] b) throws Exception {
    StreamFilter unknown = FuzzOutcomes.allowed(() -> Filters.read(new ByteArrayInputStream(b), StreamFilter.class));
    StreamFilter known =
        FuzzOutcomes.allowed(() -> Filters.read(new ByteArrayInputStream(b), b.length, StreamFilter.class));
    assertEquals(unknown == null, known == null);
    if (known != null) {
      assertEquals(unknown.toString(), known.toString());
      offer(known);
    }
  }

  @FuzzTest(maxDuration = "60s")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void readWindow(byte[] input) throws Exception {
    for (byte[] b : new byte[][] {input, FuzzOutcomes.withValidChecksum(input)}) {
      readWindowOnce(b);
    }
  }

  private void readWindowOnce(byte[] b) throws Exception {
    StreamFilter f =
        FuzzOutcomes.allowed(() -> WindowFilters.read(FilterFormat.open(new ByteArrayInputStream(b), b.length)));
    if (f != null) {
      offer(f);
    }
  }

  /** A filter read from a file works: it takes an element at a time after its clock. */
  private static void offer(StreamFilter f) {
    f.offer(HashStrategy.MURMUR3_128_DOUBLE.hash("fuzz"), TimerFilter.MAX_ABS_TIME, 1.0);
  }
}
