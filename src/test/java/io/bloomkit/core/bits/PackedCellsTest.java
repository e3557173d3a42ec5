package io.bloomkit.core.bits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** PackedCells against a naive int[] model, for every width, including cells straddling words. */
public class PackedCellsTest {
  @Test
  public void randomOperationsMatchANaiveModelForEveryWidth() {
    SplittableRandom rnd = new SplittableRandom(42);
    for (int width = 1; width <= PackedCells.MAX_WIDTH; width++) {
      for (int size : new int[] {1, 7, 64, 65, 333}) {
        PackedCells cells = new PackedCells(size, width);
        int[] model = new int[size];
        int max = (1 << width) - 1;
        assertEquals(max, cells.max());
        for (int op = 0; op < 20 * size + 50; op++) {
          int i = rnd.nextInt(size);
          if (rnd.nextInt(3) == 0) {
            boolean was = model[i] > 0;
            if (was) {
              model[i]--;
            }
            assertEquals(was, cells.decrement(i));
          } else {
            int v = rnd.nextInt(max + 1);
            assertEquals(model[i], cells.set(i, v));
            model[i] = v;
          }
          if (op % 17 == 0 || size < 70) {
            long nz = 0;
            for (int j = 0; j < size; j++) {
              assertEquals(model[j], cells.get(j), "width " + width + " cell " + j);
              if (model[j] != 0) {
                nz++;
              }
            }
            assertEquals(nz, cells.nonZero());
          }
        }
        // neighbours are untouched and bits past the last cell stay zero: rebuilding from the words
        // passes the constructor's check and recounts the same non-zero cells
        PackedCells copy = new PackedCells(size, width, cells.words().clone());
        assertEquals(cells, copy);
        assertEquals(cells.nonZero(), copy.nonZero());
        assertEquals((long) size * width, cells.bits());
      }
    }
  }

  @Test
  public void maxValuesInEveryPositionDoNotLeakIntoNeighbours() {
    for (int width = 1; width <= PackedCells.MAX_WIDTH; width++) {
      int size = 200;
      for (int i = 0; i < size; i++) {
        PackedCells cells = new PackedCells(size, width);
        cells.set(i, cells.max());
        for (int j = 0; j < size; j++) {
          assertEquals(j == i ? cells.max() : 0, cells.get(j));
        }
        cells.set(i, 0);
        for (long w : cells.words()) {
          assertEquals(0L, w);
        }
        assertEquals(0, cells.nonZero());
      }
    }
  }

  @Test
  public void clearAllAndBadArguments() {
    PackedCells c = new PackedCells(100, 3);
    c.set(5, 7);
    c.set(99, 1);
    c.clearAll();
    assertEquals(0, c.nonZero());
    assertFalse(c.decrement(5));
    try {
      new PackedCells(10, 0);
      fail();
    } catch (IllegalArgumentException expected) {
      assertTrue(expected.getMessage().contains("width"));
    }
    try {
      new PackedCells(10, 3, new long[] {-1L});
      fail();
    } catch (IllegalArgumentException expected) {
      assertTrue(expected.getMessage().contains("past"));
    }
  }
}
