package io.bloomkit.mapreduce;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.bloomkit.core.key.CanonicalKey;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.apache.hadoop.io.Text;
import org.junit.Test;

/**
 * The canonical STRING encoding is the bytes the tools hash today for a single key field, so
 * existing filters stay valid; today's multi-field keys (fields joined with the delimiter) are not
 * the canonical composite encoding (that migration is for the wiring step).
 */
public class KeyExtractorCanonicalTest {
  private static final String ALPHABET = "ab,|\tXé日\uD83D\uDE00 ";

  private static String field(Random r, char delimiter) {
    StringBuilder b = new StringBuilder();
    for (int i = r.nextInt(5); i > 0; i--) {
      char c = ALPHABET.charAt(r.nextInt(ALPHABET.length()));
      if (Character.isHighSurrogate(c)) {
        b.append(c).append('\uDE00');
      } else if (c != delimiter && !Character.isLowSurrogate(c)) {
        b.append(c);
      }
    }
    return b.toString();
  }

  @Test
  public void singleFieldKeysAreTheCanonicalStringBytes() {
    Random r = new Random(13);
    for (char delimiter : new char[] {',', '|', '\t', '\u0001'}) {
      for (int i = 0; i < 2000; i++) {
        int n = 1 + r.nextInt(4);
        String[] fields = new String[n];
        for (int f = 0; f < n; f++) {
          fields[f] = field(r, delimiter);
        }
        String line = String.join(String.valueOf(delimiter), fields);
        int keyField = r.nextInt(n);
        KeyExtractor k = new KeyExtractor(delimiter, new int[] {keyField});
        if (KeyExtractor.blank(line.getBytes(StandardCharsets.UTF_8), 0,
            line.getBytes(StandardCharsets.UTF_8).length)) {
          continue; // a blank line carries no key
        }
        assertTrue(line, k.extract(new Text(line)));
        byte[] today = Arrays.copyOf(k.key(), k.keyLength());
        assertArrayEquals(line, CanonicalKey.ofString(fields[keyField]), today);
      }
    }
  }

  @Test
  public void todaysMultiFieldKeysAreNotTheCompositeEncoding() {
    // today "a,b" + "c" and "a" + "b,c" cannot both be records, but the joined key is ambiguous
    KeyExtractor k = new KeyExtractor('|', new int[] {0, 1});
    assertTrue(k.extract(new Text("a,b|c")));
    byte[] today = Arrays.copyOf(k.key(), k.keyLength());
    assertArrayEquals("a,b|c".getBytes(StandardCharsets.UTF_8), today);
    byte[] composite =
        CanonicalKey.composite(CanonicalKey.ofString("a,b"), CanonicalKey.ofString("c"));
    assertFalse(Arrays.equals(today, composite));
  }
}
