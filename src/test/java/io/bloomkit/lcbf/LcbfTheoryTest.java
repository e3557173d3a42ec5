package io.bloomkit.lcbf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The linked counting Bloom filter's bounds and encodings by hand. */
public class LcbfTheoryTest {
  @Test
  public void lcbfBoundsAndEncodings() {
    assertEquals(Math.pow(1 - Math.pow(1 - 1e-3, 3), 3), LcbfTheory.errorLowerBound(1_000, 3), 1e-15);
    assertEquals(Math.pow(1 - Math.pow(1 - 1e-3, 300), 3), LcbfTheory.errorUpperBound(1_000, 100, 3), 1e-12);
    assertTrue(LcbfTheory.errorLowerBound(1_000, 3) < LcbfTheory.errorUpperBound(1_000, 2, 3));
    assertEquals(1_000 + 16 * 300, LcbfTheory.twoLayerBits(1_000, 300, 15));
    assertEquals(16 * (300 + 800), LcbfTheory.oneLayerBits(300, 800, 15));
  }
}
