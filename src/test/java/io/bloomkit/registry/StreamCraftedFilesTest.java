package io.bloomkit.registry;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.format.ParameterBlock;
import io.bloomkit.lcbf.LinkedCountingBloomFilter;
import io.bloomkit.window.WindowTheory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The stream and distributed families' parameters open the payload: crafted headers claiming
 * gigabytes of state in a few bytes fail as corrupt (named field) before the state is allocated,
 * and a byte after the checksum is corrupt for every family.
 */
public class StreamCraftedFilesTest {
  private static final String[] STREAM_GOLDEN = {
    "sbf", "rsbf", "ibf-2c", "ibf-mc", "ibf-h", "ibf-2c-alg1", "stream-bf", "timer", "timer-dynamic"
  };

  private static void expect(byte[] b, String unknownField, String knownField, String text) {
    for (boolean known : new boolean[] {false, true}) {
      String field = known ? knownField : unknownField;
      try {
        if (b[6] == 9) {
          Filters.read(new ByteArrayInputStream(b), known ? b.length : -1, LinkedCountingBloomFilter.class);
        } else {
          Filters.read(new ByteArrayInputStream(b), known ? b.length : -1, StreamFilter.class);
        }
        fail("accepted, expected " + field);
      } catch (CorruptFilterException e) {
        assertEquals(field, e.field(), e.getMessage());
        if (known || unknownField.equals(knownField)) {
          assertTrue(e.getMessage().contains(text), e.getMessage());
        }
      } catch (IOException e) {
        throw new AssertionError(e);
      }
    }
  }

  @Test
  public void trailingAndConcatenatedFilesOfEveryFamily() throws IOException {
    for (String name : STREAM_GOLDEN) {
      byte[] g = Crafted.golden(name);
      assertEquals(Filters.read(new ByteArrayInputStream(g), g.length, StreamFilter.class).toString(), Filters.read(new ByteArrayInputStream(g), StreamFilter.class).toString(),
          name);
      expect(Arrays.copyOf(g, g.length + 1), "trailing bytes", "trailing bytes",
          "1 after the checksum");
      expect(Crafted.concat(g, g), "trailing bytes", "trailing bytes",
          g.length + " after the checksum");
    }
    byte[] l = Crafted.golden("lcbf");
    expect(Arrays.copyOf(l, l.length + 3), "trailing bytes", "trailing bytes",
        "3 after the checksum");
    expect(Crafted.concat(l, Crafted.golden("sbf")), "trailing bytes", "trailing bytes",
        "after the checksum");
  }

  /** An SBF of 2^34 2-bit cells (4 GiB) whose file stops after the parameters. */
  @Test
  public void sbfClaimingGigabytesOfCells() {
    long cells = 1L << 34;
    long words = 2 * cells / 64;
    byte[] params = ByteBuffer.allocate(32).putInt(3).putInt(4).putLong(7).putLong(1).putLong(0)
        .array();
    byte[] b = Crafted.file(5, 5, 0, cells, cells, 2 * cells, 0, 0, 8 + 24 + 8 * words, params);
    expect(b, "payload", "payloadBytes", "declared, the file of " + b.length + " bytes");
  }

  /** A stream Bloom filter of 2^35 bits (4 GiB). */
  @Test
  public void streamBloomClaimingGigabytes() {
    long bits = 1L << 35;
    byte[] b = Crafted.file(10, 3, 0, bits, 0, bits, 0, 0, 8 + bits / 8, Crafted.longs(0));
    expect(b, "payload", "payloadBytes", "declared, the file of " + b.length + " bytes");
  }

  /** A timer filter of 2^31 - 9 timers (16 GiB of expiry times in memory). */
  @Test
  public void timerClaimingGigabytes() {
    long timers = Integer.MAX_VALUE - 8;
    long window = 1;
    long bits = timers * WindowTheory.timerBits(window);
    byte[] params = ByteBuffer.allocate(20).putLong(window).putLong(Long.MIN_VALUE).putInt(0)
        .array();
    byte[] b = Crafted.file(8, 3, 0, timers, 0, bits, 0, 0,
        ParameterBlock.Timer.PARAMETER_BYTES + 8 * BitArray.wordsFor(bits), params);
    expect(b, "payload", "payloadBytes", "declared, the file of " + b.length + " bytes");
  }
}
