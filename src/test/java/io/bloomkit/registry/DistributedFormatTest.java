package io.bloomkit.registry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.data.TimedStream;
import io.bloomkit.lcbf.LinkedCountingBloomFilter;
import io.bloomkit.window.WindowFilters;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Timer (family 8) and lcbf (family 9) files: golden bytes, round trips, damage named. */
public class DistributedFormatTest {
  static byte[] golden(String name) throws IOException {
    try (InputStream in = DistributedFormatTest.class.getResourceAsStream("/golden/" + name + ".bkf")) {
      assertNotNull(in, "golden file " + name);
      return in.readAllBytes();
    }
  }

  static Object read(String name, byte[] b) throws IOException {
    InputStream in = new ByteArrayInputStream(b);
    return name.startsWith("lcbf")
        ? Filters.read(in, LinkedCountingBloomFilter.class)
        : Filters.read(in, StreamFilter.class);
  }

  @Test
  public void goldenFilesLockTheFormat() throws IOException {
    for (Map.Entry<String, Object> e : GoldenDistributedFilters.all().entrySet()) {
      byte[] g = golden(e.getKey());
      assertArrayEquals(g, GoldenDistributedFilters.bytes(e.getValue()), e.getKey());
      assertEquals(e.getValue(), read(e.getKey(), g), e.getKey());
    }
    byte[] t = golden("timer");
    assertEquals(8, t[6]); // family timer
    assertEquals(9, golden("lcbf")[6]); // family lcbf
  }

  /**
   * A read lcbf goes on answering exactly like the one written (the timer filters' round trip is the
   * stream-filter contract, {@code io.bloomkit.window.TimerFilterContractTest}).
   */
  @Test
  public void lcbfRoundTripKeepsAnswering() throws IOException {
    TimedStream s = TimedStream.generate(new TimedStream.Spec().universe(3_000).length(20_000).rate(20).burst(5).seed(3));
    LinkedCountingBloomFilter l = LinkedCountingBloomFilter.create(20_000, 3, 15, 4);
    for (int i = 0; i < 20_000; i++) {
      l.add(s.hash(i), 1 + (s.keys[i] % 5));
    }
    for (int i = 0; i < 500; i++) {
      l.remove(s.hash(i));
    }
    byte[] b = GoldenDistributedFilters.bytes(l);
    assertEquals(64 + 12 + 8 * ((l.twoLayerBits() + 63) / 64) + 4, b.length);
    LinkedCountingBloomFilter back = Filters.read(new ByteArrayInputStream(b), LinkedCountingBloomFilter.class);
    assertEquals(l, back);
    for (int i = 0; i < 3_000; i++) {
      KeyHash h = TimedStream.hashOf(i);
      assertEquals(l.frequency(h), back.frequency(h));
      assertEquals(l.remove(h), back.remove(h)); // the seed travels: same random choices
    }
  }

  @Test
  public void everyFlippedByteFailsLoudly() throws IOException {
    for (String name : GoldenDistributedFilters.all().keySet()) {
      byte[] g = golden(name);
      for (int i = 0; i < g.length; i++) {
        for (int bit : new int[] {0x01, 0x80}) {
          byte[] b = g.clone();
          b[i] ^= (byte) bit;
          try {
            read(name, b);
            fail(name + ": flipped byte " + i + " was accepted");
          } catch (CorruptFilterException e) {
            assertNotNull(e.field());
          }
        }
      }
    }
  }

  @Test
  public void everyTruncationFailsLoudly() throws IOException {
    for (String name : GoldenDistributedFilters.all().keySet()) {
      byte[] g = golden(name);
      for (int len = 0; len < g.length; len++) {
        try {
          read(name, Arrays.copyOf(g, len));
          fail(name + ": truncated to " + len + " bytes was accepted");
        } catch (CorruptFilterException e) {
          assertNotNull(e.field());
        }
      }
    }
  }

  private static void setLong(byte[] b, int off, long v) {
    for (int i = 7; i >= 0; i--) {
      b[off + i] = (byte) v;
      v >>>= 8;
    }
  }

  private static void expectField(String name, byte[] b, String field) throws IOException {
    try {
      read(name, b);
      fail(name + ": accepted");
    } catch (CorruptFilterException e) {
      assertEquals(field, e.field(), e.getMessage());
    }
  }

  /** Damage that keeps the header readable is named by its field before the checksum is looked at. */
  @Test
  public void namedFieldsForEachKindOfDamage() throws IOException {
    byte[] t = golden("timer");
    byte[] b = t.clone();
    setLong(b, 32, 12345); // memoryBits
    expectField("timer", b, "memoryBits");
    b = t.clone();
    setLong(b, 64, 0); // window
    expectField("timer", b, "window");
    b = t.clone();
    b[15] = 7; // variant
    expectField("timer", b, "variant");
    b = t.clone();
    b[b.length - 1] ^= 1;
    expectField("timer", b, "checksum");

    byte[] l = golden("lcbf");
    b = l.clone();
    b[67] = 0; // valueBits 15 -> 0
    expectField("lcbf", b, "valueBits");
    b = l.clone();
    setLong(b, 24, 0); // counters (values) 0: memoryBits no longer m + V(l+1)
    expectField("lcbf", b, "memoryBits");
    b = l.clone();
    b[6] = 8; // an lcbf file read as... a timer header with lcbf fields
    try {
      WindowFilters.read(FilterFormat.open(new ByteArrayInputStream(l))); // the family's own guard
      fail("lcbf read as a timer filter");
    } catch (CorruptFilterException e) {
      assertEquals("family", e.field());
    }
    assertTrue(l.length > 80);
  }
}
