package io.bloomkit.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.registry.Filters;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

public class ExactKeySetTest {
  private static byte[] bytes(ExactKeySet s) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    s.writeTo(out);
    return out.toByteArray();
  }

  @Test
  public void membershipIsExactAgainstAHashSet() {
    Random rnd = new Random(7);
    Set<String> ref = new HashSet<>();
    List<String> input = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      String k = "k" + rnd.nextInt(20000) + (i % 3 == 0 ? "é" : "");
      ref.add(k);
      input.add(k);
      input.add(k); // duplicates collapse
    }
    ExactKeySet s = ExactKeySet.ofStrings(input);
    assertEquals(ref.size(), s.size());
    assertEquals(ref.size(), s.items());
    assertEquals(0.0, s.expectedFpp(), 0);
    for (int i = 0; i < 40000; i++) {
      String k = "k" + i + (i % 2 == 0 ? "é" : "");
      boolean member = ref.contains(k);
      assertEquals(member, s.mightContain(k), k);
      assertEquals(member, s.mightContain(HashStrategy.MURMUR3_128_DOUBLE.hash(k)), k);
      byte[] b = ("xx" + k + "yy").getBytes(StandardCharsets.UTF_8);
      assertEquals(member, s.mightContain(b, 2, b.length - 4), k);
    }
  }

  @Test
  public void roundTripThroughBothReaders() throws Exception {
    ExactKeySet s = ExactKeySet.ofStrings(Arrays.asList("b", "a", "", "ü", "a"));
    assertEquals(4, s.size());
    byte[] b = bytes(s);
    Filter full = Filters.read(new ByteArrayInputStream(b), Filter.class);
    Filter view = Filters.readQueryView(new ByteArrayInputStream(b));
    assertEquals(s, full);
    assertEquals(s, view);
    assertSame(FilterFamily.EXACT, view.family());
    assertEquals(4, view.items());
    assertEquals(8 * (b.length - 68), full.memoryBits()); // header 64, checksum 4
    FilterShape shape = Filters.readShape(new ByteArrayInputStream(b));
    assertEquals(4, shape.positions());
    assertEquals(s.heapBytes(), ExactKeySet.heapBytes(shape));
    assertTrue(view.mightContain("") && view.mightContain("ü") && !view.mightContain("c"));
  }

  @Test
  public void emptySet() throws Exception {
    ExactKeySet s = ExactKeySet.ofStrings(new ArrayList<>());
    Filter back = Filters.read(new ByteArrayInputStream(bytes(s)), Filter.class);
    assertEquals(0, back.items());
    assertFalse(back.mightContain("a"));
    assertFalse(back.mightContain(HashStrategy.MURMUR3_128_DOUBLE.hash("a")));
  }

  @Test
  public void unionOfPartials() {
    ExactKeySet a = ExactKeySet.ofStrings(Arrays.asList("1", "2"));
    ExactKeySet b = ExactKeySet.ofStrings(Arrays.asList("3", "2"));
    ExactKeySet u = ExactKeySet.union(Arrays.asList(a, b));
    assertEquals(ExactKeySet.ofStrings(Arrays.asList("1", "2", "3")), u);
  }

  @Test
  public void corruptPayloadIsNamed() throws Exception {
    byte[] b = bytes(ExactKeySet.ofStrings(Arrays.asList("aa", "bb")));
    // swap the two keys' first bytes, fix nothing else: checksum catches it first
    b[64 + 8] = 'b';
    try {
      Filters.read(new ByteArrayInputStream(b));
      fail();
    } catch (CorruptFilterException e) {
      assertEquals("checksum", e.field());
    }
  }
}
