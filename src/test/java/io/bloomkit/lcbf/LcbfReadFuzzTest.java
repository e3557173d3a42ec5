package io.bloomkit.lcbf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.bloomkit.registry.FuzzOutcomes;
import io.bloomkit.core.hash.HashStrategy;
import java.io.ByteArrayInputStream;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzz test of the linked counting Bloom filter's reader (family lcbf), length unknown and known;
 * a filter that reads answers a frequency query. See {@code FilterReadersFuzzTest}.
 */
class LcbfReadFuzzTest {
  @FuzzTest(maxDuration = "60s")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void read(byte[] input) throws Exception {
    for (byte[] b : new byte[][] {input, FuzzOutcomes.withValidChecksum(input)}) {
      readOnce(b);
    }
  }

  private void readOnce(byte[] b) throws Exception {
    LinkedCountingBloomFilter unknown =
        FuzzOutcomes.allowed(() -> io.bloomkit.registry.Filters.read(new ByteArrayInputStream(b), LinkedCountingBloomFilter.class));
    LinkedCountingBloomFilter known =
        FuzzOutcomes.allowed(
            () -> io.bloomkit.registry.Filters.read(new ByteArrayInputStream(b), b.length, LinkedCountingBloomFilter.class));
    assertEquals(unknown == null, known == null);
    if (known != null) {
      assertEquals(unknown, known);
      known.frequency(HashStrategy.MURMUR3_128_DOUBLE.hash("fuzz"));
    }
  }
}
