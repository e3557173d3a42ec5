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
 * a filter that reads answers a frequency query. See {@code FilterReadersFuzzTest}. Also the decoder of
 * the arithmetic-coded form.
 */
class LcbfReadFuzzTest {
  @FuzzTest(maxDuration = "60s")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void read(byte[] input) throws Exception {
    for (byte[] b : new byte[][] {input, FuzzOutcomes.withValidChecksum(input)}) {
      readOnce(b);
    }
  }

  /**
   * The arithmetic-coded form ({@link LcbfArithmeticCode#decode}, at most 2^16 cells): a message that
   * decodes re-encodes to the same filter.
   */
  @FuzzTest(maxDuration = "60s")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void decodeArithmetic(byte[] input) throws Exception {
    LinkedCountingBloomFilter f = FuzzOutcomes.allowed(() -> LcbfArithmeticCode.decode(input, 1 << 16));
    if (f != null) {
      assertEquals(f, LcbfArithmeticCode.decode(LcbfArithmeticCode.encode(f), 1 << 16));
      f.frequency(HashStrategy.MURMUR3_128_DOUBLE.hash("fuzz"));
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
