package io.bloomkit.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.UnsupportedFamilyException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Crafted headers claiming more than the file holds, word counts past one array, trailing and
 * concatenated files: each fails with a {@link CorruptFilterException} naming the field, through
 * every reader, with the file's length known or not, and never allocates the claimed size (the
 * surefire heap is far below the 8 GiB and more these headers claim).
 */
public class CraftedFilterFilesTest {
  private interface Read {
    Object read(InputStream in, long length) throws IOException;
  }

  private static final Read[] READERS = {
    (in, length) -> Filters.read(in, length, Filter.class), Filters::readQueryView,
  };

  /** Reads {@code b} with each reader, length unknown and known; checks the field every time. */
  private static void expect(byte[] b, String unknownLengthField, String knownLengthField,
      String text) {
    for (Read r : READERS) {
      for (boolean known : new boolean[] {false, true}) {
        String field = known ? knownLengthField : unknownLengthField;
        try {
          r.read(new ByteArrayInputStream(b), known ? b.length : -1);
          fail("accepted, expected field " + field);
        } catch (CorruptFilterException e) {
          assertEquals(field, e.field(), e.getMessage());
          if (known || unknownLengthField.equals(knownLengthField)) {
            assertTrue(e.getMessage().contains(text), e.getMessage());
          }
        } catch (IOException e) {
          throw new AssertionError("not a CorruptFilterException: " + e, e);
        }
      }
    }
  }

  /** A Bloom filter header claiming 2^36 bits (8 GiB of words) in a 76-byte file. */
  @Test
  public void bloomHeaderClaiming2To36BitsIn76Bytes() {
    long bits = 1L << 36;
    byte[] b = Crafted.file(1, 3, 0, bits, 0, bits, 0, 1000, bits / 8, new byte[8]);
    assertEquals(76, b.length);
    expect(b, "payload", "payloadBytes", "8589934592 declared, the file of 76 bytes holds at most 8");
  }

  /** The same with a counting filter (2^34 4-bit counters, 8 GiB) and an exact set. */
  @Test
  public void countingAndExactHeadersClaimingGigabytes() {
    long counters = 1L << 34;
    byte[] cbf = Crafted.file(2, 3, 0, counters, counters, 4 * counters, 0, 10, counters / 2,
        new byte[8]);
    expect(cbf, "payload", "payloadBytes", "declared, the file of 76 bytes");
    long keys = Integer.MAX_VALUE - 9;
    byte[] exact = Crafted.file(4, 1, 0, keys, 0, 8 * 4 * keys, keys, keys, 4 * keys,
        new byte[8]);
    expect(exact, "payload", "payloadBytes", "declared, the file of 76 bytes");
    // 2^31 - 8 keys need 2^31 - 7 offsets: one more than an array holds, named before allocating
    long past = Integer.MAX_VALUE - 8;
    byte[] offsets = Crafted.file(4, 1, 0, past, 0, 8 * 4 * past, past, past, 4 * past,
        new byte[8]);
    expect(offsets, "positions", "payloadBytes", "declared, the file of 76 bytes");
  }

  /** An ACBF whose first level alone would take 8 GiB. */
  @Test
  public void acbfHeaderClaimingGigabytes() throws IOException {
    byte[] g = Crafted.golden("acbf");
    // scale the golden header's counters and capacity: the shape computes a huge first level
    long counters = 1L << 34;
    long capacity = 100;
    FilterShape s =
        FilterShape.acbf(io.bloomkit.core.AcbfSizing.OPTIMAL, counters, 3, capacity, 0);
    long payload = 8 * ((s.positions() + 63) / 64) + 12;
    byte[] b = Crafted.file(3, 3, 0, s.positions(), counters, 4 * counters, 0, capacity, payload,
        new byte[8]);
    expect(b, "payload", "payloadBytes", "declared, the file of 76 bytes");
    assertTrue(g.length > 0);
  }

  /** Word counts past one array: 2^31 + 1 words of bits, named, not a negative array size. */
  @Test
  public void wordCountPast2To31() {
    long words = (1L << 31) + 1;
    long bits = 64 * words;
    byte[] b = Crafted.file(1, 3, 0, bits, 0, bits, 0, 1000, 8 * words, new byte[8]);
    expect(b, "positions", "payloadBytes", "declared");
    long counters = 16 * words;
    byte[] c = Crafted.file(2, 3, 0, counters, counters, 4 * counters, 0, 10, 8 * words,
        new byte[8]);
    expect(c, "positions", "payloadBytes", "declared");
  }

  /** A payload length larger than the file, with consistent parameters. */
  @Test
  public void payloadBytesLargerThanTheFile() throws IOException {
    long bits = 64 * 1000;
    byte[] b = Crafted.file(1, 3, 0, bits, 0, bits, 0, 1000, 8000, new byte[800]);
    expect(b, "payload", "payloadBytes", "8000 declared, the file of 868 bytes holds at most 800");
  }

  /** One byte after the checksum of each golden file. */
  @Test
  public void trailingBytesAfterTheChecksum() throws IOException {
    for (String name : new String[] {"bf", "cbf", "acbf", "acbf2"}) {
      byte[] g = Crafted.golden(name);
      assertEquals(Filters.read(new ByteArrayInputStream(g), g.length, Filter.class).items(), Filters.read(new ByteArrayInputStream(g), Filter.class).items(),
          name);
      byte[] b = Arrays.copyOf(g, g.length + 1);
      expect(b, "trailing bytes", "trailing bytes", "1 after the checksum");
      b = Arrays.copyOf(g, g.length + 5000);
      expect(b, "trailing bytes", "trailing bytes", "5000 after the checksum");
    }
  }

  /** Two filter files concatenated are one corrupt file, not the first filter. */
  @Test
  public void concatenatedFilters() throws IOException {
    byte[] bf = Crafted.golden("bf");
    byte[] cbf = Crafted.golden("cbf");
    expect(Crafted.concat(bf, cbf), "trailing bytes", "trailing bytes",
        cbf.length + " after the checksum");
    expect(Crafted.concat(cbf, cbf), "trailing bytes", "trailing bytes",
        cbf.length + " after the checksum");
  }

  /** readShape stops after the header: with the length known it checks the file's length too. */
  @Test
  public void readShapeChecksTheLengthWhenKnown() throws IOException {
    byte[] g = Crafted.golden("acbf");
    FilterShape s = Filters.readShape(new ByteArrayInputStream(g), g.length);
    assertEquals(Filters.read(new ByteArrayInputStream(g), Filter.class).shape(), s);
    byte[] b = Crafted.concat(g, Crafted.golden("bf"));
    try {
      Filters.readShape(new ByteArrayInputStream(b), b.length);
      fail("accepted");
    } catch (CorruptFilterException e) {
      assertEquals("trailing bytes", e.field());
    }
    byte[] t = Arrays.copyOf(g, g.length - 1);
    try {
      Filters.readShape(new ByteArrayInputStream(t), t.length);
      fail("accepted");
    } catch (CorruptFilterException e) {
      assertEquals("payloadBytes", e.field());
    }
  }

  /** A well-formed file of a stream family is unsupported here, not corrupt. */
  @Test
  public void streamFamilyIsUnsupportedNotCorrupt() throws IOException {
    byte[] g = Crafted.golden("sbf");
    for (Read r : READERS) {
      try {
        r.read(new ByteArrayInputStream(g), g.length);
        fail("accepted");
      } catch (UnsupportedFamilyException e) {
        assertEquals(FilterFamily.STABLE, e.family());
        assertEquals(
            "unsupported family sbf for Filters.read (Filters.read needs bf, cbf, acbf, exact, sbbf)",
            e.getMessage());
      }
    }
  }
}
