package io.bloomkit.registry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.stable.GoldenStreamFilters;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * The binary format of the stream filters: golden files, corrupt input (the round trip is the
 * stream-filter contract, {@code io.bloomkit.testing.StreamFilterContract}).
 */
public class StreamFilterFormatTest {
  static byte[] golden(String name) throws IOException {
    try (InputStream in = StreamFilterFormatTest.class.getResourceAsStream("/golden/" + name + ".bkf")) {
      assertNotNull(in, "golden file " + name);
      return in.readAllBytes();
    }
  }

  static StreamFilter read(byte[] b) throws IOException {
    return Filters.read(new ByteArrayInputStream(b), StreamFilter.class);
  }

  static List<Boolean> answers(StreamFilter f, int from, int to) {
    List<Boolean> out = new ArrayList<>();
    for (int i = from; i < to; i++) {
      out.add(f.offer(f.hashStrategy().hash("golden-" + (i % 700)), StreamFilter.NO_TIME, 1 + i % 50));
    }
    return out;
  }

  @Test
  public void goldenFilesLockTheFormat() throws IOException {
    Map<String, StreamFilter> all = GoldenStreamFilters.all();
    assertEquals(7, all.size());
    for (Map.Entry<String, StreamFilter> e : all.entrySet()) {
      byte[] g = golden(e.getKey());
      assertArrayEquals(g, GoldenStreamFilters.bytes(e.getValue()), e.getKey() + " bytes changed");
      StreamFilter f = read(g);
      assertEquals(e.getValue().parameters(), f.parameters());
      assertEquals(answers(e.getValue(), 500, 1500), answers(f, 500, 1500), e.getKey());
    }
    assertEquals(FilterFamily.STABLE, read(golden("sbf")).family());
    assertEquals(FilterFamily.RESERVOIR, read(golden("rsbf")).family());
    assertEquals(FilterFamily.IMPORTANCE, read(golden("ibf-h")).family());
    assertEquals(FilterFamily.STREAM_BLOOM, read(golden("stream-bf")).family());
  }

  /** Every single-byte change and every truncation of every golden file is rejected, naming a field. */
  @Test
  public void everyFlippedByteAndTruncationIsRejectedWithAField() throws IOException {
    for (String name : GoldenStreamFilters.all().keySet()) {
      byte[] g = golden(name);
      for (int i = 0; i < g.length; i++) {
        byte[] b = g.clone();
        b[i] ^= (byte) (1 << (i % 8));
        try {
          read(b);
          fail(name + ": flipped byte " + i + " was accepted");
        } catch (CorruptFilterException e) {
          assertNotNull(e.field());
        }
      }
      for (int len = 0; len < g.length; len += 7) {
        try {
          read(Arrays.copyOf(g, len));
          fail(name + ": truncation to " + len + " was accepted");
        } catch (CorruptFilterException e) {
          assertNotNull(e.field());
        }
      }
    }
  }

  /** Bad parameters under a valid checksum are rejected naming the parameter. */
  @Test
  public void badParametersAreNamed() throws IOException {
    // sbf: 100 cells of max 3 (2 bits): 4 words; max 6 is not 2^d - 1
    expect("max", sbf(5, 100, 200, 6, 4, 4));
    expect("decrements", sbf(5, 100, 200, 3, 101, 4));
    expect("memoryBits", sbf(5, 100, 300, 3, 4, 4));
    expect("numHashes", sbf(0, 100, 200, 3, 4, 4));
    expect("payloadBytes", sbf(5, 100, 200, 3, 4, 5));
    // ibf: variant 9 does not exist
    expect("variant", header(FilterFamily.IMPORTANCE, 3, 9, 100, 100, 300, 0, 24 + 24 + 8 * 5, d -> {}));
    // rsbf: threshold 2
    expect("threshold", rsbf(2.0));
    // a plain Bloom filter file is not a stream filter
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    io.bloomkit.bloom.BloomFilter.create(io.bloomkit.core.FilterShape.bloom(100, 3, 10)).writeTo(out);
    try {
      Filters.read(new java.io.ByteArrayInputStream(out.toByteArray()), StreamFilter.class);
      Assertions.fail("a Bloom filter read as a stream filter");
    } catch (io.bloomkit.core.UnsupportedFamilyException e) {
      assertEquals(FilterFamily.BLOOM, e.family()); // well-formed: unsupported, not corrupt
    }
  }

  static byte[] sbf(int k, long cells, long bits, int max, int p, long words) throws IOException {
    return header(FilterFamily.STABLE, k, 0, cells, cells, bits, 0, 8 + 24 + 8 * words, d -> {
      d.writeInt(max);
      d.writeInt(p);
      d.writeLong(1);
      d.writeLong(1);
      d.writeLong(0);
      for (int i = 0; i < words; i++) {
        d.writeLong(0);
      }
    });
  }

  static byte[] rsbf(double threshold) throws IOException {
    return header(FilterFamily.RESERVOIR, 2, 0, 64, 0, 128, 0, 32 + 16, d -> {
      d.writeDouble(threshold);
      d.writeLong(1);
      d.writeLong(1);
      d.writeLong(0);
      d.writeLong(0);
      d.writeLong(0);
    });
  }

  static byte[] header(
      FilterFamily family, int k, int variant, long positions, long counters, long bits, long items,
      long payload, FilterFormat.PayloadWriter w) throws IOException {
    ByteArrayOutputStream p = new ByteArrayOutputStream();
    w.write(new java.io.DataOutputStream(p));
    byte[] b =
        Crafted.file(
            family.id(), k, variant, positions, counters, bits, items, 0, payload, p.toByteArray());
    // a payload shorter or longer than declared: the file is truncated on purpose, no checksum
    return p.size() == payload ? b : java.util.Arrays.copyOf(b, b.length - 4);
  }

  static void expect(String field, byte[] b) throws IOException {
    try {
      read(b);
      fail("accepted, expected a corrupt " + field);
    } catch (CorruptFilterException e) {
      assertEquals(field, e.field(), e.getMessage());
    }
  }
}
