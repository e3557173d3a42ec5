package io.bloomkit.registry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.StoredFilter;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.stable.GoldenStreamFilters;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The key signature in the filter format (version 2, docs/format.md): round trips in every family,
 * the layout against the version 1 bytes plus the documented metadata block, version 1 files read
 * as the legacy signature, and damaged or crafted metadata failing naming its field.
 */
public class KeySignatureFormatTest {
  private static ByteArrayInputStream in(byte[] b) {
    return new ByteArrayInputStream(b);
  }

  /** One filter of every family (the golden ones and an exact set). */
  private static Map<String, StoredFilter> filters() throws IOException {
    Map<String, StoredFilter> m = new LinkedHashMap<>(GoldenFilters.all());
    m.putAll(GoldenStreamFilters.all());
    for (Map.Entry<String, Object> e : GoldenDistributedFilters.all().entrySet()) {
      m.put(e.getKey(), (StoredFilter) e.getValue());
    }
    m.put("exact", ExactKeySet.ofStrings(List.of("golden-1", "bb", "ccc")));
    return m;
  }

  private static List<KeySignature> signatures() {
    List<KeySignature> s = new ArrayList<>();
    for (KeyType t : KeyType.values()) {
      s.add(KeySignature.of(t));
    }
    s.add(KeySignature.parse("long,string"));
    s.add(KeySignature.parse("string,string,date"));
    s.add(KeySignature.of(KeyType.values()));
    s.add(KeySignature.strings(KeySignature.MAX_ARITY));
    return s;
  }

  private static byte[] v1(StoredFilter f) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    f.writeTo(out);
    return out.toByteArray();
  }

  private static byte[] v2(StoredFilter f, KeySignature keys) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    f.writeTo(FilterFormat.withKeys(out, keys));
    return out.toByteArray();
  }

  private static int[] ids(KeySignature s) {
    return s.types().stream().mapToInt(KeyType::id).toArray();
  }

  @Test
  public void everySignatureRoundTripsInEveryFamily() throws IOException {
    for (Map.Entry<String, StoredFilter> e : filters().entrySet()) {
      byte[] plain = v1(e.getValue());
      for (KeySignature keys : signatures()) {
        String what = e.getKey() + " " + keys;
        byte[] b = v2(e.getValue(), keys);
        assertArrayEquals(Crafted.version2(plain, Crafted.keyTypesEntry(ids(keys))), b, what);
        for (long length : new long[] {-1, b.length}) {
          FilterFormat.Reader r = FilterFormat.open(in(b), length);
          assertEquals(2, r.version, what);
          assertEquals(keys, r.keys, what);
          // the payload reads as before: the filter written again without keys is the original
          assertArrayEquals(plain, v1(Filters.read(in(b), length)), what);
        }
        if (e.getValue() instanceof Filter) {
          Filter f = (Filter) e.getValue();
          assertEquals(f.shape(), Filters.readShape(in(b), b.length), what);
          Filter view = Filters.readQueryView(in(b), b.length);
          for (int i = 0; i < 100; i++) {
            assertEquals(f.mightContain("golden-" + i), view.mightContain("golden-" + i), what);
          }
        }
      }
    }
  }

  @Test
  public void versionOneFilesReadAsTheLegacySignature() throws IOException {
    for (String g : FuzzSeeds.GOLDEN) {
      byte[] b = Crafted.golden(g);
      FilterFormat.Reader r = FilterFormat.open(in(b), b.length);
      assertEquals(1, r.version, g);
      assertSame(KeySignature.LEGACY, r.keys, g);
      assertNotNull(Filters.read(in(b), b.length));
    }
  }

  @Test
  public void theLegacySignatureWritesAVersionOneFile() throws IOException {
    for (Map.Entry<String, StoredFilter> e : filters().entrySet()) {
      assertArrayEquals(v1(e.getValue()), v2(e.getValue(), KeySignature.LEGACY), e.getKey());
    }
  }

  private static byte[] smallV2() throws IOException {
    BloomFilter bf = BloomFilter.create(FilterShape.bloom(128, 3, 10));
    bf.add("x");
    return v2(bf, KeySignature.parse("long,string"));
  }

  /** The checksum covers the metadata: every flipped bit of a version 2 file is named. */
  @Test
  public void everyFlippedBitOfAVersionTwoFileFailsLoudly() throws IOException {
    byte[] g = smallV2();
    for (int i = 0; i < g.length; i++) {
      for (int bit = 0; bit < 8; bit++) {
        byte[] b = g.clone();
        b[i] ^= (byte) (1 << bit);
        for (long length : new long[] {-1, b.length}) {
          try {
            Filters.read(in(b), length, Filter.class);
            fail("flipped bit " + bit + " of byte " + i + " was accepted");
          } catch (CorruptFilterException e) {
            assertNotNull(e.field());
          }
        }
      }
    }
  }

  @Test
  public void everyTruncationOfAVersionTwoFileFailsLoudly() throws IOException {
    byte[] g = smallV2();
    for (int len = 0; len < g.length; len++) {
      for (long length : new long[] {-1, len}) {
        try {
          Filters.read(in(Arrays.copyOf(g, len)), length, Filter.class);
          fail("truncated to " + len + " bytes was accepted");
        } catch (CorruptFilterException e) {
          assertNotNull(e.field());
        }
      }
    }
  }

  static void expectField(byte[] b, String field, String text) throws IOException {
    for (long length : new long[] {-1, b.length}) {
      try {
        Filters.read(in(b), length, Filter.class);
        fail("accepted: " + field + " " + text);
      } catch (CorruptFilterException e) {
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().contains(text), e.getMessage());
      }
    }
  }

  private static byte[] cat(byte[]... parts) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      b.writeBytes(p);
    }
    return b.toByteArray();
  }

  private static byte[] v2(byte[] v1, byte[] metadata) {
    return Crafted.version2(v1, metadata);
  }

  private static byte[] entry(int... ids) {
    return Crafted.keyTypesEntry(ids);
  }

  /** Crafted metadata with a right checksum: each damage fails naming its field. */
  @Test
  public void craftedMetadataFailsNamingTheField() throws IOException {
    byte[] bf = Crafted.golden("bf");
    expectField(v2(bf, entry(0)), "keyTypes", "unknown key type id 0 of key field 0");
    expectField(v2(bf, entry(2, 8)), "keyTypes", "unknown key type id 8 of key field 1");
    expectField(v2(bf, entry()), "keyTypes", "0 key types, outside [1, 255]");
    int[] many = new int[256];
    Arrays.fill(many, 1);
    expectField(v2(bf, entry(many)), "keyTypes", "256 key types");
    // a length past the metadata
    byte[] longer = entry(2);
    ByteBuffer.wrap(longer).putInt(1, 9);
    expectField(v2(bf, cat(longer, new byte[3])), "keyTypes", "past the 9 bytes of metadata");
    expectField(v2(bf, new byte[0]), "keyTypes", "missing");
    expectField(v2(bf, new byte[3]), "metadataBytes", "ends inside an entry");
    expectField(v2(bf, cat(entry(2), entry(1))), "metadata tag", "tag 1 after tag 1");
    byte[] tag3 = entry(1);
    tag3[0] = 3;
    expectField(v2(bf, cat(entry(2), tag3)), "metadata tag", "unknown tag 3");
  }

  /** A metadata length the file cannot hold fails before anything is allocated for it. */
  @Test
  public void metadataLengthIsCheckedBeforeReading() throws IOException {
    byte[] ok = Crafted.version2(Crafted.golden("bf"), Crafted.keyTypesEntry(2));
    for (int m : new int[] {-1, Integer.MAX_VALUE, (1 << 20) + 1}) {
      byte[] b = ok.clone();
      ByteBuffer.wrap(b).putInt(64, m);
      expectField(b, "metadataBytes", m + " outside [0, 1048576]");
    }
    byte[] b = ok.clone();
    ByteBuffer.wrap(b).putInt(64, 1 << 20);
    try {
      Filters.read(in(b), b.length, Filter.class);
      fail("accepted");
    } catch (CorruptFilterException e) {
      assertEquals("metadataBytes", e.field());
      assertTrue(e.getMessage().contains("1048576 declared, the file of "), e.getMessage());
    }
    try {
      Filters.read(in(b), -1, Filter.class); // unknown length: read as far as the bytes go
      fail("accepted");
    } catch (CorruptFilterException e) {
      assertNotNull(e.field());
    }
    // ends in the metadata, length unknown: the field it ends in is named
    String[] fields = {"metadataBytes", "metadata tag", "metadata length", "keyTypes"};
    int[] ends = {66, 68, 70, 73};
    for (int i = 0; i < ends.length; i++) {
      try {
        Filters.read(in(Arrays.copyOf(ok, ends[i])), -1, Filter.class);
        fail("accepted");
      } catch (CorruptFilterException e) {
        assertEquals(fields[i], e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("truncated in the metadata"), e.getMessage());
      }
    }
  }

  @Test
  public void unknownVersionsAreStillRefused() throws IOException {
    byte[] b = Crafted.golden("bf").clone();
    b[5] = 3;
    expectField(b, "version", "3 is not a known format version (this reader knows 1 and 2)");
  }

  @Test
  public void signaturesUpToTheMaximumArityFitTheHeaderOnlyReaders() throws IOException {
    BloomFilter bf = BloomFilter.create(FilterShape.bloom(64, 2, 5));
    KeySignature wide = KeySignature.of(Collections.nCopies(KeySignature.MAX_ARITY, KeyType.BINARY));
    byte[] b = v2(bf, wide);
    assertEquals(64 + 4 + 5 + 255 + 8 + 4, b.length);
    assertEquals(bf.shape(), Filters.readShape(in(b), b.length));
    // a header-only reader still checks the file's end
    try {
      Filters.readShape(in(cat(b, new byte[1])), b.length + 1);
      fail("accepted a trailing byte");
    } catch (CorruptFilterException e) {
      assertEquals("trailing bytes", e.field());
    }
  }
}
