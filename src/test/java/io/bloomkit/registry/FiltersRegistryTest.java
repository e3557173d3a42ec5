package io.bloomkit.registry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.StoredFilter;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.UnsupportedFamilyException;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.lcbf.LinkedCountingBloomFilter;
import io.bloomkit.testing.FilterBytes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The registry binds every family to its reader: each golden file (and an exact key set, which has
 * none) reads through the one entry as its family's kind and writes back to the same bytes; the
 * typed entry refuses the other kinds naming the file's family; the header's named offsets hold
 * the values the reader reports.
 */
public class FiltersRegistryTest {
  /** One file per family: the golden files, and an exact key set built here. */
  private static Map<String, byte[]> files() throws IOException {
    Map<String, byte[]> m = new LinkedHashMap<>();
    for (String name :
        new String[] {
          "bf", "cbf", "acbf", "acbf2", "sbbf", "sbf", "rsbf", "ibf-2c", "ibf-mc", "ibf-h", "stream-bf",
          "timer", "timer-dynamic", "lcbf"
        }) {
      m.put(name, Crafted.golden(name));
    }
    m.put("exact", FilterBytes.of(ExactKeySet.ofStrings(Arrays.asList("a", "bb", "ccc"))));
    return m;
  }

  private static byte[] bytes(StoredFilter f) {
    return FilterBytes.of(f);
  }

  @Test
  public void everyFamilyReadsThroughTheOneEntryAndWritesBackTheSameBytes() throws IOException {
    Map<FilterFamily, Integer> seen = new EnumMap<>(FilterFamily.class);
    for (Map.Entry<String, byte[]> e : files().entrySet()) {
      byte[] b = e.getValue();
      FilterFamily family = FilterFamily.fromId(b[FilterFormat.FAMILY_OFFSET]);
      StoredFilter f = Filters.read(new ByteArrayInputStream(b), b.length);
      assertEquals(family, f.family(), e.getKey());
      assertTrue(Filters.kindOf(family).isInstance(f), e.getKey());
      assertArrayEquals(b, bytes(f), e.getKey());
      assertArrayEquals(b, bytes(Filters.read(new ByteArrayInputStream(b))), e.getKey());
      seen.merge(family, 1, Integer::sum);
    }
    assertEquals(EnumSet.allOf(FilterFamily.class), seen.keySet(), "a file of every family");
  }

  @Test
  public void theKindsPartitionTheFamilies() {
    assertEquals(
        EnumSet.of(
            FilterFamily.BLOOM, FilterFamily.COUNTING, FilterFamily.ACCURATE_COUNTING,
            FilterFamily.EXACT, FilterFamily.SPLIT_BLOCK),
        Filters.FAMILIES);
    assertEquals(
        EnumSet.of(
            FilterFamily.STABLE, FilterFamily.RESERVOIR, FilterFamily.IMPORTANCE,
            FilterFamily.TIMER, FilterFamily.STREAM_BLOOM),
        Filters.STREAM_FAMILIES);
    assertEquals(
        EnumSet.of(FilterFamily.COUNTING, FilterFamily.ACCURATE_COUNTING),
        Filters.families(CountingFilter.class));
    assertEquals(
        EnumSet.of(FilterFamily.LINKED_COUNTING),
        Filters.families(LinkedCountingBloomFilter.class));
    assertEquals(EnumSet.allOf(FilterFamily.class), Filters.families(StoredFilter.class));
  }

  /** Asking for a kind the file is not fails naming the file's family and the families that are. */
  @Test
  public void theTypedEntryRefusesOtherKindsNamingTheFamily() throws IOException {
    Map<Class<? extends StoredFilter>, String> kinds = new LinkedHashMap<>();
    kinds.put(Filter.class, "bf, cbf, acbf, exact, sbbf");
    kinds.put(StreamFilter.class, "sbf, rsbf, ibf, timer, stream-bf");
    kinds.put(LinkedCountingBloomFilter.class, "lcbf");
    kinds.put(CountingFilter.class, "cbf, acbf");
    int refused = 0;
    for (Map.Entry<String, byte[]> e : files().entrySet()) {
      byte[] b = e.getValue();
      FilterFamily family = FilterFamily.fromId(b[FilterFormat.FAMILY_OFFSET]);
      for (Map.Entry<Class<? extends StoredFilter>, String> k : kinds.entrySet()) {
        boolean fits = k.getKey().isAssignableFrom(Filters.kindOf(family));
        try {
          StoredFilter f = Filters.read(new ByteArrayInputStream(b), b.length, k.getKey());
          assertTrue(fits, e.getKey() + " read as " + k.getKey().getSimpleName());
          assertTrue(k.getKey().isInstance(f));
        } catch (UnsupportedFamilyException x) {
          assertTrue(!fits, e.getKey() + " refused as " + k.getKey().getSimpleName());
          assertEquals(family, x.family());
          assertEquals(
              "unsupported family " + family.shortName() + " for Filters.read (Filters.read needs "
                  + k.getValue() + ")",
              x.getMessage());
          refused++;
        }
      }
    }
    assertTrue(refused > 20);
  }

  /** The query view and the shape are views of the membership families' entries only. */
  @Test
  public void queryViewAndShapeTakeTheMembershipFamiliesOnly() throws IOException {
    for (Map.Entry<String, byte[]> e : files().entrySet()) {
      byte[] b = e.getValue();
      FilterFamily family = FilterFamily.fromId(b[FilterFormat.FAMILY_OFFSET]);
      try {
        Filter view = Filters.readQueryView(new ByteArrayInputStream(b), b.length);
        assertTrue(Filters.FAMILIES.contains(family), e.getKey());
        Filter whole = Filters.read(new ByteArrayInputStream(b), Filter.class);
        assertEquals(whole.shape(), view.shape());
        assertEquals(whole.shape(), Filters.readShape(new ByteArrayInputStream(b), b.length));
      } catch (UnsupportedFamilyException x) {
        assertTrue(!Filters.FAMILIES.contains(family), e.getKey());
        try {
          Filters.readShape(new ByteArrayInputStream(b), b.length);
          fail(e.getKey() + ": a shape of a stream family");
        } catch (UnsupportedFamilyException expected) {
          assertEquals(family, expected.family());
        }
      }
    }
  }

  /**
   * The per-record probe of the map tasks ({@code mightContain(key, offset, length, hasher)}, one
   * hasher reused) answers as the allocating {@code mightContain(byte[])} of the whole filter, on
   * the query view and the whole filter of every membership family, for keys present and absent.
   */
  @Test
  public void theReusedHasherProbeAnswersAsTheWholeFilter() throws IOException {
    io.bloomkit.core.hash.KeyHasher hasher =
        io.bloomkit.core.hash.HashStrategy.MURMUR3_128_DOUBLE.hasher();
    byte[] buf = new byte[64];
    for (Map.Entry<String, byte[]> e : files().entrySet()) {
      byte[] b = e.getValue();
      if (!Filters.FAMILIES.contains(FilterFamily.fromId(b[FilterFormat.FAMILY_OFFSET]))) {
        continue;
      }
      Filter whole = Filters.read(new ByteArrayInputStream(b), Filter.class);
      Filter view = Filters.readQueryView(new ByteArrayInputStream(b), b.length);
      int positives = 0;
      for (int i = 0; i < 20_000; i++) {
        // the golden files' keys (GoldenFilters: golden-0..79), the exact set's, and absent keys
        String k = i < 80 ? "golden-" + i : i < 83 ? new String[] {"a", "bb", "ccc"}[i - 80] : "k" + i;
        byte[] key = k.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        System.arraycopy(key, 0, buf, 7, key.length); // at an offset, in a reused buffer
        boolean want = whole.mightContain(key);
        positives += want ? 1 : 0;
        assertEquals(want, view.mightContain(buf, 7, key.length, hasher), e.getKey() + " " + i);
        assertEquals(want, whole.mightContain(buf, 7, key.length, hasher), e.getKey() + " " + i);
      }
      assertTrue(positives > 0, e.getKey() + ": no key present");
    }
  }

  /** The named offsets address the values the reader reports, for every family's file. */
  @Test
  public void namedOffsetsHoldTheHeaderFields() throws IOException {
    for (Map.Entry<String, byte[]> e : files().entrySet()) {
      byte[] b = e.getValue();
      ByteBuffer buf = ByteBuffer.wrap(b);
      FilterFormat.Header h = FilterFormat.open(new ByteArrayInputStream(b)).header;
      String n = e.getKey();
      assertEquals(0x424C4D4B, buf.getInt(FilterFormat.MAGIC_OFFSET), n);
      assertEquals(1, buf.getShort(FilterFormat.VERSION_OFFSET), n);
      assertEquals(h.family.id(), buf.get(FilterFormat.FAMILY_OFFSET), n);
      assertEquals(h.hash.id(), buf.get(FilterFormat.HASH_OFFSET), n);
      assertEquals(h.numHashes, buf.getInt(FilterFormat.NUM_HASHES_OFFSET), n);
      assertEquals(h.variant, buf.getInt(FilterFormat.VARIANT_OFFSET), n);
      assertEquals(h.positions, buf.getLong(FilterFormat.POSITIONS_OFFSET), n);
      assertEquals(h.counters, buf.getLong(FilterFormat.COUNTERS_OFFSET), n);
      assertEquals(h.memoryBits, buf.getLong(FilterFormat.MEMORY_BITS_OFFSET), n);
      assertEquals(h.items, buf.getLong(FilterFormat.ITEMS_OFFSET), n);
      assertEquals(h.capacity, buf.getLong(FilterFormat.CAPACITY_OFFSET), n);
      assertEquals(h.payloadBytes, buf.getLong(FilterFormat.PAYLOAD_BYTES_OFFSET), n);
      assertEquals(FilterFormat.HEADER_BYTES + h.payloadBytes + 4, b.length, n);
    }
  }
}
