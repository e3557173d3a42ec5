package io.bloomkit.registry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class FilterFormatTest {
  private static Filter read(byte[] b) throws IOException {
    return Filters.read(new ByteArrayInputStream(b), Filter.class);
  }

  private static byte[] golden(String name) throws IOException {
    try (InputStream in = FilterFormatTest.class.getResourceAsStream("/golden/" + name + ".bkf")) {
      assertNotNull(in, "golden file " + name);
      return in.readAllBytes();
    }
  }

  /** The bytes written today equal the files committed when the format was fixed. */
  @Test
  public void goldenFilesLockTheFormat() throws IOException {
    for (Map.Entry<String, Filter> e : GoldenFilters.all().entrySet()) {
      byte[] g = golden(e.getKey());
      assertArrayEquals(g, GoldenFilters.bytes(e.getValue()), e.getKey());
      Filter f = read(g);
      assertEquals(e.getValue(), f);
      assertEquals(e.getValue().items(), f.items());
      assertEquals(e.getValue().shape(), f.shape());
      for (int i = 0; i < 80; i++) {
        assertTrue(f.mightContain("golden-" + i));
      }
    }
  }

  @Test
  public void headerLayoutIsAsDocumented() throws IOException {
    byte[] b = golden("acbf");
    assertEquals('B', b[0]);
    assertEquals('L', b[1]);
    assertEquals('M', b[2]);
    assertEquals('K', b[3]);
    assertEquals(0, b[4]);
    assertEquals(1, b[5]); // version 1
    assertEquals(3, b[6]); // family acbf
    assertEquals(1, b[7]); // hash Murmur3 double hashing
    assertEquals(3, b[11]); // numHashes
  }

  @Test
  public void roundTripsEveryFamilyAndVariant() throws IOException {
    HashStrategy h = HashStrategy.MURMUR3_128_DOUBLE;
    for (AcbfSizing z : AcbfSizing.values()) {
      FilterShape shape = FilterShape.forBitsPerKey(FilterFamily.ACCURATE_COUNTING, z, 3_000, 0, 16, 0);
      AccurateCountingBloomFilter f = AccurateCountingBloomFilter.create(shape);
      for (int i = 0; i < 3_000; i++) {
        f.add("r" + (i % 2_500));
      }
      for (int i = 0; i < 200; i++) {
        f.remove("r" + i);
      }
      AccurateCountingBloomFilter back = (AccurateCountingBloomFilter) read(GoldenFilters.bytes(f));
      assertEquals(f, back);
      assertEquals(f.levelBits(), back.levelBits());
      assertEquals(null, back.invariantViolation());
      for (int i = 0; i < 3_000; i++) {
        KeyHash k = h.hash("r" + i);
        assertEquals(f.count(k), back.count(k));
      }
      // the stored form is L1 plus the used level bits, not the idle space
      long expected = 64 + 8 * ((shape.positions() + 63) / 64) + 12 + 8 * ((f.levelBits() + 63) / 64) + 4;
      assertEquals(expected, GoldenFilters.bytes(f).length);
    }
    CountingBloomFilter c = CountingBloomFilter.create(FilterShape.counting(777, 4, 10));
    BloomFilter b = BloomFilter.create(FilterShape.bloom(777, 4, 10));
    for (int i = 0; i < 50; i++) {
      c.add("c" + i);
      b.add("c" + i);
    }
    assertEquals(c, read(GoldenFilters.bytes(c)));
    assertEquals(b, read(GoldenFilters.bytes(b)));
  }

  /** Every single-byte change of every golden file is detected, naming a field. */
  @Test
  public void everyFlippedByteFailsLoudly() throws IOException {
    for (String name : GoldenFilters.all().keySet()) {
      byte[] g = golden(name);
      for (int i = 0; i < g.length; i++) {
        for (int bit : new int[] {0x01, 0x80}) {
          byte[] b = g.clone();
          b[i] ^= (byte) bit;
          for (boolean view : new boolean[] {false, true}) {
            try {
              InputStream in = new ByteArrayInputStream(b);
              if (view) {
                Filters.readQueryView(in);
              } else {
                Filters.read(in, Filter.class);
              }
              fail(name + ": flipped byte " + i + " was accepted");
            } catch (CorruptFilterException e) {
              assertNotNull(e.field());
            }
          }
        }
      }
    }
  }

  /** Every truncation fails loudly too. */
  @Test
  public void everyTruncationFailsLoudly() throws IOException {
    for (String name : GoldenFilters.all().keySet()) {
      byte[] g = golden(name);
      for (int len = 0; len < g.length; len++) {
        try {
          read(Arrays.copyOf(g, len));
          fail(name + ": truncated to " + len + " bytes was accepted");
        } catch (CorruptFilterException e) {
          assertNotNull(e.field());
        }
      }
    }
  }

  private static void expectField(byte[] b, String field, String valueText) throws IOException {
    try {
      read(b);
      fail("accepted");
    } catch (CorruptFilterException e) {
      assertEquals(field, e.field(), e.getMessage());
      assertTrue(e.getMessage().contains(valueText), e.getMessage());
    }
  }

  @Test
  public void namedFieldsForEachKindOfDamage() throws IOException {
    byte[] g = golden("cbf");
    byte[] b = g.clone();
    b[0] = 'X';
    expectField(b, "magic", "0x584c4d4b");
    b = g.clone();
    b[5] = 3;
    expectField(b, "version", "3 is not a known format version");
    b = g.clone();
    b[6] = 42;
    expectField(b, "family", "unknown family id 42");
    b = g.clone();
    b[7] = 9;
    expectField(b, "hash", "unknown hash id 9");
    b = g.clone();
    b[b.length - 10] ^= 0x10;
    expectField(b, "checksum", "CRC32C stored");
    expectField(Arrays.copyOf(g, 30), "counters", "truncated in the header");
    expectField(Arrays.copyOf(g, 45), "items", "truncated in the header");
    expectField(Arrays.copyOf(g, g.length - 2), "checksum", "truncated before the checksum");
    expectField(Arrays.copyOf(g, 100), "payload", "truncated while reading counters");
    expectField(new byte[0], "magic", "truncated");
  }
}
