package io.bloomkit.mapreduce;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzz test of {@link KeyExtractor}: random line bytes (inside a larger buffer, at an offset), a
 * random delimiter character and random key fields (composite keys included). Construction may
 * refuse the fields with an {@link IllegalArgumentException} (documented); {@code extract} may
 * only return true with the key a naive splitter computes, or false with a {@code problem()}.
 */
class KeyExtractorFuzzTest {
  @FuzzTest(maxDuration = "60s")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void extract(FuzzedDataProvider data) {
    char delimiter = data.consumeBoolean() ? data.consumeChar() : ",\t|;".charAt(data.consumeInt(0, 3));
    int n = data.consumeInt(1, 4);
    int[] fields = new int[n];
    for (int i = 0; i < n; i++) {
      fields[i] = data.consumeBoolean() ? data.consumeInt() : data.consumeInt(0, 6);
    }
    KeyExtractor x;
    try {
      x = new KeyExtractor(delimiter, fields);
    } catch (IllegalArgumentException e) {
      assertNotNull(e.getMessage()); // negative or unreasonable field numbers are refused
      return;
    }
    int pad = data.consumeInt(0, 3);
    byte[] line = data.consumeRemainingAsBytes();
    byte[] buf = new byte[pad + line.length + pad];
    Arrays.fill(buf, (byte) String.valueOf(delimiter).getBytes(StandardCharsets.UTF_8)[0]);
    System.arraycopy(line, 0, buf, pad, line.length);
    boolean ok = x.extract(buf, pad, line.length);
    byte[] expected = naiveKey(line, String.valueOf(delimiter).getBytes(StandardCharsets.UTF_8), fields);
    if (ok) {
      assertNull(x.problem());
      assertNotNull(expected);
      assertArrayEquals(expected, Arrays.copyOf(x.key(), x.keyLength()));
    } else {
      assertNotNull(x.problem());
      assertNull(expected, x.problem());
    }
  }

  /**
   * The fields split at every non-overlapping delimiter, joined by it; null if malformed: a blank
   * line (only space, tab, CR, form feed, vertical tab, or nothing), a missing field, a key that is
   * not UTF-8.
   */
  private static byte[] naiveKey(byte[] line, byte[] d, int[] fields) {
    if (new String(line, StandardCharsets.ISO_8859_1).matches("[ \\t\\r\\f\\x0B]*")) {
      return null;
    }
    List<byte[]> parts = new ArrayList<>();
    int start = 0;
    int i = 0;
    while (i <= line.length - d.length) {
      if (Arrays.equals(line, i, i + d.length, d, 0, d.length)) {
        parts.add(Arrays.copyOfRange(line, start, i));
        i += d.length;
        start = i;
      } else {
        i++;
      }
    }
    parts.add(Arrays.copyOfRange(line, start, line.length));
    java.io.ByteArrayOutputStream key = new java.io.ByteArrayOutputStream();
    for (int k = 0; k < fields.length; k++) {
      if (fields[k] >= parts.size()) {
        return null;
      }
      if (k > 0) {
        key.writeBytes(d);
      }
      key.writeBytes(parts.get(fields[k]));
    }
    byte[] b = key.toByteArray();
    try {
      StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b));
    } catch (CharacterCodingException e) {
      return null;
    }
    return b;
  }
}
