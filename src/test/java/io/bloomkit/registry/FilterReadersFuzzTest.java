package io.bloomkit.registry;

import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.key.KeySignature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzz tests of the membership filters' readers ({@link Filters#read}, {@link
 * Filters#readQueryView}, {@link Filters#readShape}), each with the stream's length unknown and
 * known. Without {@code JAZZER_FUZZ} they run the inputs under {@code
 * FilterReadersFuzzTestInputs/<method>/} (the golden files, crafted headers, past findings) as
 * regression tests; {@code scripts/fuzz.sh} fuzzes them (docs/fuzzing.md). Each input runs as
 * given and with its checksum made right ({@link FuzzOutcomes#withValidChecksum}), to reach the
 * checks after the checksum. The timeout bounds each input: a hang is a failure.
 */
class FilterReadersFuzzTest {
  private static ByteArrayInputStream in(byte[] b) {
    return new ByteArrayInputStream(b);
  }

  @FuzzTest(maxDuration = "60s")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void read(byte[] input) throws Exception {
    for (byte[] b : new byte[][] {input, FuzzOutcomes.withValidChecksum(input)}) {
      readOnce(b);
    }
  }

  private void readOnce(byte[] b) throws Exception {
    Filter unknown = FuzzOutcomes.allowed(() -> Filters.read(in(b), Filter.class));
    Filter known = FuzzOutcomes.allowed(() -> Filters.read(in(b), b.length, Filter.class));
    // knowing the length changes which check fails first, never whether the file is accepted
    assertEquals(unknown == null, known == null);
    if (known != null) {
      assertEquals(unknown, known);
      // a file that reads has a shape whose header-only reading agrees
      assertEquals(known.shape(), Filters.readShape(in(b), b.length));
      Filter view = Filters.readQueryView(in(b), b.length);
      for (int i = 0; i < 16; i++) {
        String key = "k" + i;
        assertEquals(known.mightContain(key), view.mightContain(key));
      }
    }
  }

  @FuzzTest(maxDuration = "60s")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void readQueryView(byte[] input) throws Exception {
    for (byte[] b : new byte[][] {input, FuzzOutcomes.withValidChecksum(input)}) {
      readQueryViewOnce(b);
    }
  }

  private void readQueryViewOnce(byte[] b) throws Exception {
    Filter unknown = FuzzOutcomes.allowed(() -> Filters.readQueryView(in(b)));
    Filter known = FuzzOutcomes.allowed(() -> Filters.readQueryView(in(b), b.length));
    assertEquals(unknown == null, known == null);
    if (known != null) {
      assertNotNull(known.shape());
      known.mightContain("x");
    }
  }

  @FuzzTest(maxDuration = "60s")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void readShape(byte[] input) throws Exception {
    for (byte[] b : new byte[][] {input, FuzzOutcomes.withValidChecksum(input)}) {
      readShapeOnce(b);
    }
  }

  private void readShapeOnce(byte[] b) throws Exception {
    FuzzOutcomes.allowed(() -> Filters.readShape(in(b)));
    FilterShape s = FuzzOutcomes.allowed(() -> Filters.readShape(in(b), b.length));
    if (s != null) {
      s.expectedFpp();
      s.toString();
      // a file whose header reads has a key signature (version 2) or the legacy one (version 1)
      FilterFormat.Reader r = FilterFormat.open(in(b), b.length);
      assertEquals(r.version == 1, r.keys == KeySignature.LEGACY);
      assertTrue(r.keys.arity() >= 1 && r.keys.arity() <= KeySignature.MAX_ARITY);
      r.keys.describe();
    }
  }
}
