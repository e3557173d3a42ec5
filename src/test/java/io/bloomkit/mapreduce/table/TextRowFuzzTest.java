package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.bloomkit.core.key.KeyType;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzz test of a text {@link Row} ({@link Row#ofLine}) and {@link KeyEncoder}: random line bytes, a
 * random delimiter character and 1-4 random string key fields (composite keys included). The
 * outcome must be what a naive splitter computes: KEY with the canonical bytes of the fields, or
 * MALFORMED with a problem (blank line, missing field, key not UTF-8). No null token applies (the
 * composite encoding is written out here: per field an unsigned LEB128 length, then the bytes).
 */
class TextRowFuzzTest {
  @FuzzTest(maxDuration = "60s")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void encode(FuzzedDataProvider data) {
    char delimiter =
        data.consumeBoolean() ? data.consumeChar() : ",\t|;".charAt(data.consumeInt(0, 3));
    if (delimiter == '\n' || delimiter == '\r' || Character.isSurrogate(delimiter)) {
      return; // refused by --delimiter; a lone surrogate is not a character
    }
    int n = data.consumeInt(1, 4);
    List<String> fields = new ArrayList<>();
    int[] index = new int[n];
    for (int i = 0; i < n; i++) {
      index[i] = data.consumeInt(0, 6);
      fields.add(String.valueOf(index[i]));
    }
    TableSpec spec = TableSpec.builder(TableFormat.TEXT).delimiter(delimiter)
        .nullToken(null).key(fields, Collections.nCopies(n, KeyType.STRING)).build();
    byte[] line = data.consumeRemainingAsBytes();
    KeyEncoder keys = new KeyEncoder(spec);
    KeyEncoder.Outcome outcome = keys.encode(Row.ofLine(spec, new Text(line)));
    byte[][] expected =
        naiveKey(line, String.valueOf(delimiter).getBytes(StandardCharsets.UTF_8), index);
    if (expected == null) {
      assertEquals(KeyEncoder.Outcome.MALFORMED, outcome);
      assertNotNull(keys.problem());
      return;
    }
    assertEquals(KeyEncoder.Outcome.KEY, outcome, keys.problem());
    byte[] want;
    if (n == 1) {
      want = expected[0];
    } else {
      // composite: per part its length as an unsigned LEB128 varint, then its bytes
      java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
      for (byte[] part : expected) {
        int len = part.length;
        while (len >= 0x80) {
          b.write((len & 0x7f) | 0x80);
          len >>>= 7;
        }
        b.write(len);
        b.writeBytes(part);
      }
      want = b.toByteArray();
    }
    assertArrayEquals(want, keys.key());
  }

  /**
   * The key fields split at every non-overlapping delimiter; null if malformed: a blank line (only
   * space, tab, CR, form feed, vertical tab, or nothing), a missing field, a key field not UTF-8.
   */
  private static byte[][] naiveKey(byte[] line, byte[] d, int[] fields) {
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
    byte[][] key = new byte[fields.length][];
    for (int k = 0; k < fields.length; k++) {
      if (fields[k] >= parts.size()) {
        return null;
      }
      key[k] = parts.get(fields[k]);
      try {
        StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(key[k]));
      } catch (CharacterCodingException e) {
        return null;
      }
    }
    return key;
  }
}
