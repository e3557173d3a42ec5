package io.bloomkit.core.bits;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Bit-stream edits against a naive list of booleans, at every word boundary. */
public class BitStreamsTest {
  private static void assertSame(List<Boolean> model, long[] a, int used) {
    assertEquals(model.size(), used);
    for (int i = 0; i < used; i++) {
      assertEquals(model.get(i), BitStreams.get(a, i), "bit " + i);
    }
    for (long i = used; i < (long) a.length << 6; i++) {
      assertEquals(false, BitStreams.get(a, i), "bit past used " + i);
    }
  }

  @Test
  public void insertDeleteAndPopcountMatchANaiveList() {
    Random rnd = new Random(7);
    long[] a = new long[20];
    List<Boolean> model = new ArrayList<>();
    int used = 0;
    for (int op = 0; op < 20_000; op++) {
      boolean insert = used == 0 || (used < 20 * 64 - 1 && rnd.nextInt(100) < 55);
      if (insert) {
        int pos = rnd.nextInt(used + 1);
        boolean v = rnd.nextBoolean();
        BitStreams.insert(a, used, pos, v);
        model.add(pos, v);
        used++;
      } else {
        int pos = rnd.nextInt(used);
        BitStreams.delete(a, used, pos);
        model.remove(pos);
        used--;
      }
      if (op % 97 == 0) {
        assertSame(model, a, used);
        int from = used == 0 ? 0 : rnd.nextInt(used);
        int to = from + (used - from == 0 ? 0 : rnd.nextInt(used - from + 1));
        long naive = 0;
        for (int i = from; i < to; i++) {
          naive += model.get(i) ? 1 : 0;
        }
        assertEquals(naive, BitStreams.popcount(a, from, to));
      }
    }
    assertSame(model, a, used);
  }

  @Test
  public void writerAppendsAndReadsBackArbitraryRanges() {
    Random rnd = new Random(11);
    long[] src = new long[40];
    for (int i = 0; i < src.length; i++) {
      src[i] = rnd.nextLong();
    }
    BitStreams.Writer w = new BitStreams.Writer(1);
    List<Boolean> model = new ArrayList<>();
    for (int r = 0; r < 200; r++) {
      int from = rnd.nextInt(40 * 64 - 200);
      int len = rnd.nextInt(200);
      w.appendRange(src, from, len);
      for (int i = 0; i < len; i++) {
        model.add(BitStreams.get(src, from + i));
      }
    }
    long[] out = w.toWords(0);
    assertSame(model, out, (int) w.size());
  }

  @Test
  public void bitArrayRankCountsOnesBefore() {
    BitArray b = new BitArray(1000);
    Random rnd = new Random(3);
    boolean[] naive = new boolean[1000];
    for (int i = 0; i < 400; i++) {
      int p = rnd.nextInt(1000);
      b.set(p);
      naive[p] = true;
    }
    long c = 0;
    for (int i = 0; i <= 1000; i++) {
      assertEquals(c, b.rank(i));
      if (i < 1000 && naive[i]) {
        c++;
      }
    }
    assertEquals(c, b.cardinality());
  }

  @Test
  public void packedCountersSaturateAtFifteen() {
    PackedCounters c = new PackedCounters(33);
    for (int i = 0; i < 20; i++) {
      boolean ok = c.increment(17);
      assertEquals(i < 15, ok);
    }
    assertEquals(15, c.get(17));
    assertEquals(0, c.get(16));
    assertEquals(0, c.get(18));
    assertEquals(1, c.saturatedCount());
    c.set(32, 15);
    assertEquals(2, c.saturatedCount());
  }
}
