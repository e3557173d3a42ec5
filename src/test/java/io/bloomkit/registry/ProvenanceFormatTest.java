package io.bloomkit.registry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.StoredFilter;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.Provenance.KeySpec;
import io.bloomkit.core.format.Provenance.Source;
import io.bloomkit.core.format.Provenance.Step;
import io.bloomkit.core.format.Provenance;
import io.bloomkit.core.key.KeySignature;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The provenance in the filter format (metadata tag 2, docs/format.md): round trips through the
 * file in every family, the limits (100,000 sources, long histories), the checksum covering it,
 * crafted values failing naming the field before anything is allocated, and files without it
 * (version 1, tag 1 only) reading as "no provenance".
 */
public class ProvenanceFormatTest {
  private static ByteArrayInputStream in(byte[] b) {
    return new ByteArrayInputStream(b);
  }

  private static final KeySignature KEYS = KeySignature.parse("long,string");

  /** A provenance of a build with {@code sources} files and an update and a merge appended. */
  static Provenance sample(int sources) {
    Step.Builder build = Step.builder("build").tool("build")
        .options(List.of("--input", "/data/day1", "--key-field", "0,2", "--filter", "acbf"))
        .bloomkitVersion("0.1.0-test").createdMillis(1_700_000_000_000L)
        .description("built from 120 records, 97 distinct keys");
    for (int i = 0; i < sources; i++) {
      build.source(Source.file("hdfs://nn/data/day1/part-" + i, 1000 + i, 1_699_000_000_000L + i,
          40 + i, Source.UNKNOWN));
    }
    return Provenance.of(new KeySpec(List.of("0", "2"), "\t", List.of("long", "string")),
            build.build())
        .append(Step.builder("update").options(List.of("--add", "/data/day2"))
            .bloomkitVersion("0.1.0-test").createdMillis(1_700_000_100_000L)
            .description("added 5 keys, removed 0")
            .source(Source.file("/data/day2/part-0", 77, 1_700_000_050_000L, 9, 5)).build())
        .append(Step.builder("merge").tool("merge").options(List.of("a.acbf", "b.acbf"))
            .bloomkitVersion("0.1.0-test").createdMillis(1_700_000_200_000L).build());
  }

  /** {@code value} (an encoded provenance) with its step count replaced by {@code count}. */
  static byte[] withStepCount(byte[] value, int count) throws CorruptFilterException {
    Provenance p = Provenance.decode(value);
    int offset = 1 + utfList(p.keySpec().fields()) + utf(p.keySpec().delimiter())
        + utfList(p.keySpec().keyTypes()) + 8;
    byte[] b = value.clone();
    ByteBuffer.wrap(b).putInt(offset, count);
    return b;
  }

  private static int utf(String s) {
    return 2 + s.getBytes(StandardCharsets.UTF_8).length; // ASCII in the samples
  }

  private static int utfList(List<String> l) {
    return 2 + l.stream().mapToInt(ProvenanceFormatTest::utf).sum();
  }

  private static byte[] write(StoredFilter f, KeySignature keys, Provenance p) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    f.writeTo(FilterFormat.withKeys(out, keys, p));
    return out.toByteArray();
  }

  private static byte[] plain(StoredFilter f) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    f.writeTo(out);
    return out.toByteArray();
  }

  @Test
  public void roundTripsInEveryFamily() throws IOException {
    Provenance p = sample(3);
    for (Map.Entry<String, Filter> e : GoldenFilters.all().entrySet()) {
      byte[] b = write(e.getValue(), KEYS, p);
      // the layout: tag 1, then tag 2 holding exactly the encoding
      byte[] expected = Crafted.version2(plain(e.getValue()), Crafted.concat(
          Crafted.keyTypesEntry(2, 1), Crafted.provenanceEntry(p.encode())));
      assertArrayEquals(expected, b, e.getKey());
      for (long length : new long[] {-1, b.length}) {
        FilterFormat.Reader r = FilterFormat.open(in(b), length);
        assertEquals(KEYS, r.keys, e.getKey());
        assertEquals(p, r.provenance().orElseThrow(), e.getKey());
        assertArrayEquals(plain(e.getValue()), plain(Filters.read(in(b), length)), e.getKey());
      }
    }
    assertEquals(3, p.steps().size());
    assertEquals("build", p.creation().action());
    assertEquals(List.of("update", "merge"),
        p.history().stream().map(Step::action).collect(java.util.stream.Collectors.toList()));
  }

  @Test
  public void appendReturnsANewProvenance() throws CorruptFilterException {
    Provenance p = sample(1);
    Step subtract = Step.builder("subtract").createdMillis(5).bloomkitVersion("v").build();
    Provenance q = p.append(subtract);
    assertEquals(3, p.steps().size());
    assertEquals(4, q.steps().size());
    assertEquals(subtract, q.history().get(2));
    assertEquals(q, Provenance.decode(q.encode()));
  }

  /** A build over 100,000 files still writes a valid file: sources summarised per directory. */
  @Test
  public void oneHundredThousandSourcesAreSummarisedPerDirectory() throws IOException {
    Step.Builder build = Step.builder("build").bloomkitVersion("v").createdMillis(1);
    long totalLength = 0;
    long latest = 0;
    for (int d = 0; d < 100; d++) {
      for (int i = 0; i < 1000; i++) {
        long len = d * 1000L + i;
        long mtime = 1_000_000L + 7L * i + d;
        totalLength += len;
        latest = Math.max(latest, mtime);
        build.source(Source.file(
            "hdfs://namenode.example.com:8020/warehouse/events/day=" + d + "/part-m-" + i, len,
            mtime, 10, Source.UNKNOWN));
      }
    }
    Provenance p = Provenance.of(new KeySpec(List.of("0"), ",", List.of("string")), build.build());
    byte[] value = p.encode();
    assertTrue(value.length <= Provenance.MAX_BYTES);
    BloomFilter bf = BloomFilter.create(FilterShape.bloom(1024, 3, 100));
    bf.add("k");
    byte[] b = write(bf, KeySignature.parse("string"), p);
    Provenance back = FilterFormat.open(in(b), b.length).provenance().orElseThrow();
    assertEquals(p, back);
    Step s = back.creation();
    assertTrue(s.sourcesSummarised());
    assertEquals(100, s.sources().size());
    long files = 0;
    long length = 0;
    long mtime = 0;
    for (Source src : s.sources()) {
      assertTrue(src.isDirectory());
      assertTrue(src.path().contains("/warehouse/events/day="), src.path());
      assertEquals(1000, src.files());
      assertEquals(10_000, src.records());
      files += src.files();
      length += src.length();
      mtime = Math.max(mtime, src.modifiedMillis());
    }
    assertEquals(100_000, files);
    assertEquals(totalLength, length);
    assertEquals(latest, mtime);
    assertTrue(bf.mightContain("k"));
    assertTrue(Filters.read(in(b), b.length, Filter.class).mightContain("k"));
  }

  /** 100,000 directories: one summary of all. */
  @Test
  public void tooManyDirectoriesAreSummarisedAsOne() {
    Step.Builder build = Step.builder("build").bloomkitVersion("v").createdMillis(1);
    for (int d = 0; d < 2000; d++) {
      build.source(Source.file("/in/" + d + "/part-0", 3, d, 1, 1));
    }
    Step s = build.build();
    assertEquals(1, s.sources().size());
    Source all = s.sources().get(0);
    assertEquals(Source.ALL, all.path());
    assertEquals(2000, all.files());
    assertEquals(6000, all.length());
    assertEquals(1999, all.modifiedMillis());
    assertEquals(2000, all.distinctKeys());
  }

  /** A long history stays within the bound: the oldest later steps are dropped and counted. */
  @Test
  public void aLongHistoryIsBounded() throws CorruptFilterException {
    StringBuilder longPath = new StringBuilder("/data/");
    while (longPath.length() < 3000) {
      longPath.append("very-long-directory-name/");
    }
    Provenance p = sample(1);
    for (int day = 0; day < 60; day++) {
      Step.Builder u = Step.builder("update").bloomkitVersion("v").createdMillis(day);
      for (int i = 0; i < 10; i++) {
        u.source(Source.file(longPath + "day" + day + "/part-" + i, i, day, 1, 1));
      }
      p = p.append(u.build());
    }
    byte[] value = p.encode();
    assertTrue(value.length <= Provenance.MAX_BYTES, value.length + " bytes");
    Provenance back = Provenance.decode(value);
    assertEquals(p.creation(), back.creation());
    assertTrue(back.omittedSteps() > 0);
    assertEquals(p.steps().size(), back.steps().size() + back.omittedSteps());
    // the newest step is kept
    assertEquals(p.history().get(p.history().size() - 1),
        back.history().get(back.history().size() - 1));
  }

  /** The checksum covers the provenance; a damaged value names its field. */
  @Test
  public void theChecksumCoversTheProvenance() throws IOException {
    BloomFilter bf = BloomFilter.create(FilterShape.bloom(256, 3, 10));
    bf.add("x");
    Provenance p = sample(2);
    byte[] b = write(bf, KEYS, p);
    byte[] value = p.encode();
    int start = 64 + 4 + 5 + 2 + 5; // header, m, tag 1 entry (arity 2), tag 2 and its length
    assertArrayEquals(value, java.util.Arrays.copyOfRange(b, start, start + value.length));
    // a letter of a source path: still valid UTF-8, so only the checksum can tell
    String path = "hdfs://nn/data/day1/part-1";
    int at = indexOf(b, path.getBytes(StandardCharsets.UTF_8)) + path.length() - 1;
    assertTrue(at > start);
    byte[] flipped = b.clone();
    flipped[at] ^= 0x01;
    expectField(flipped, "checksum", "CRC32C");
    // every byte of the value flipped: always refused, naming a field
    for (int i = start; i < start + value.length; i++) {
      byte[] f = b.clone();
      f[i] ^= (byte) 0x80;
      for (long length : new long[] {-1, f.length}) {
        try {
          Filters.read(in(f), length, Filter.class);
          fail("flipped byte " + i + " accepted");
        } catch (CorruptFilterException e) {
          assertNotNull(e.field());
        }
      }
    }
  }

  private static int indexOf(byte[] b, byte[] what) {
    outer:
    for (int i = 0; i + what.length <= b.length; i++) {
      for (int j = 0; j < what.length; j++) {
        if (b[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** Crafted values with a right checksum fail naming the field, before allocating their size. */
  @Test
  public void craftedProvenanceFailsNamingTheField() throws IOException {
    byte[] bf = Crafted.golden("bf");
    byte[] value = sample(2).encode();
    expectField(meta(bf, Crafted.provenanceEntry(withStepCount(value, Integer.MAX_VALUE))),
        "provenance.steps", Integer.MAX_VALUE + " declared");
    expectField(meta(bf, Crafted.provenanceEntry(withStepCount(value, 0))),
        "provenance.steps", "0 steps");
    byte[] encoding = value.clone();
    encoding[0] = 9;
    expectField(meta(bf, Crafted.provenanceEntry(encoding)), "provenance.encoding",
        "unknown encoding 9");
    byte[] past = Crafted.provenanceEntry(value);
    ByteBuffer.wrap(past).putInt(1, Integer.MAX_VALUE);
    expectField(meta(bf, past), "provenance", "past the");
    byte[] cut = meta(bf, Crafted.provenanceEntry(java.util.Arrays.copyOf(value, 40)));
    try {
      Filters.read(in(cut), cut.length, Filter.class);
      fail("a provenance cut short was accepted");
    } catch (CorruptFilterException e) {
      assertTrue(e.field().startsWith("provenance."), e.getMessage());
    }
    byte[] trailing = Crafted.concat(value, new byte[] {0});
    expectField(meta(bf, Crafted.provenanceEntry(trailing)), "provenance", "1 bytes after");
    // tag 2 before tag 1: the tags increase
    expectField(Crafted.version2(bf, Crafted.concat(Crafted.provenanceEntry(value),
        Crafted.keyTypesEntry(1))), "metadata tag", "tag 1 after tag 2");
    // tag 2 without tag 1: the key types stay required
    expectField(Crafted.version2(bf, Crafted.provenanceEntry(value)), "keyTypes", "missing");
  }

  private static byte[] meta(byte[] v1, byte[] provenanceEntry) {
    return Crafted.version2(v1, Crafted.concat(Crafted.keyTypesEntry(1), provenanceEntry));
  }

  private static void expectField(byte[] b, String field, String text) throws IOException {
    KeySignatureFormatTest.expectField(b, field, text);
  }

  /** Version 1 files and version 2 files with tag 1 only read with no provenance. */
  @Test
  public void filesWithoutItReadWithNoProvenance() throws IOException {
    for (String g : FuzzSeeds.GOLDEN) {
      byte[] b = Crafted.golden(g);
      FilterFormat.Reader r = FilterFormat.open(in(b), b.length);
      assertEquals(1, r.version);
      assertFalse(r.provenance().isPresent(), g);
    }
    for (Map.Entry<String, Filter> e : GoldenFilters.all().entrySet()) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      e.getValue().writeTo(FilterFormat.withKeys(out, KEYS, null));
      byte[] b = out.toByteArray();
      List<byte[]> both = new ArrayList<>();
      both.add(b);
      ByteArrayOutputStream out2 = new ByteArrayOutputStream();
      e.getValue().writeTo(FilterFormat.withKeys(out2, KEYS));
      assertArrayEquals(b, out2.toByteArray());
      FilterFormat.Reader r = FilterFormat.open(in(b), b.length);
      assertEquals(2, r.version);
      assertEquals(KEYS, r.keys);
      assertFalse(r.provenance().isPresent(), e.getKey());
      assertNotNull(Filters.read(in(b), b.length));
    }
  }

  @Test
  public void aProvenanceNeedsRecordedKeys() {
    assertThrows(IllegalArgumentException.class, () ->
      FilterFormat.withKeys(new ByteArrayOutputStream(), KeySignature.LEGACY, sample(1)));
  }
}
