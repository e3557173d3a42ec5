package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeyType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

/**
 * {@link TextRow} and {@link KeyEncoder} on text against a naive model: {@code String.split} of the
 * decoded line, the null rules applied to the split fields, the key as the canonical bytes of the
 * fields (composite when there are several).
 */
public class TextRowTest {
  private static final String ALPHABET = "ab,|\tXé日\uD83D\uDE00 \\N";

  private static String field(Random r, char delimiter) {
    StringBuilder b = new StringBuilder();
    int n = r.nextInt(8) == 0 ? 0 : r.nextInt(4);
    for (int i = 0; i < n; i++) {
      char c = ALPHABET.charAt(r.nextInt(ALPHABET.length()));
      if (Character.isHighSurrogate(c)) {
        b.append(c).append('\uDE00');
      } else if (c != delimiter && !Character.isLowSurrogate(c)) {
        b.append(c);
      }
    }
    if (r.nextInt(10) == 0) {
      return "\\N";
    }
    return b.toString();
  }

  private static boolean blank(String s) {
    return s.chars().allMatch(c -> c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0b);
  }

  @Test
  public void fieldsNullsAndKeysMatchANaiveSplit() {
    Random r = new Random(20261123);
    int keys = 0;
    int nulls = 0;
    int missing = 0;
    for (char delimiter : new char[] {',', '|', '\t', '\u0001', 'é'}) {
      for (int i = 0; i < 3000; i++) {
        int n = 1 + r.nextInt(5);
        String[] fields = new String[n];
        for (int f = 0; f < n; f++) {
          fields[f] = field(r, delimiter);
        }
        String line = String.join(String.valueOf(delimiter), fields);
        int keyCount = 1 + r.nextInt(2);
        List<String> keyFields = new ArrayList<>();
        for (int k = 0; k < keyCount; k++) {
          keyFields.add(String.valueOf(r.nextInt(n + 1))); // sometimes past the last field
        }
        String other = String.valueOf(r.nextInt(n + 1));
        boolean emptyIsNull = r.nextBoolean();
        TableSpec spec =
            TableSpec.builder(TableFormat.TEXT)
                .delimiter(delimiter)
                .key(keyFields, List.of())
                .otherFields(List.of(other))
                .emptyIsNull(emptyIsNull)
                .build();
        Row row = Row.ofLine(spec, new Text(line));
        KeyEncoder enc = new KeyEncoder(spec);
        KeyEncoder.Outcome outcome = enc.encode(row);

        // the naive model
        String[] split = line.split(Pattern.quote(String.valueOf(delimiter)), -1);
        if (blank(line)) {
          assertEquals("blank line", row.problem(), line);
          assertEquals(KeyEncoder.Outcome.MALFORMED, outcome);
          continue;
        }
        int keyMax = keyFields.stream().mapToInt(Integer::parseInt).max().getAsInt();
        if (keyMax >= split.length) {
          assertEquals("has " + split.length + " fields, key field " + keyMax + " missing", row.problem(),
              line);
          assertEquals(KeyEncoder.Outcome.MALFORMED, outcome);
          missing++;
          continue;
        }
        if (Integer.parseInt(other) >= split.length) {
          assertEquals("has " + split.length + " fields, key field " + other + " missing", row.problem(),
              line);
          missing++;
          continue;
        }
        assertNull(row.problem(), line);
        List<String> all = new ArrayList<>(keyFields);
        all.add(other);
        String[] expected = new String[all.size()];
        for (int s = 0; s < all.size(); s++) {
          String v = split[Integer.parseInt(all.get(s))];
          expected[s] = v.equals("\\N") || (emptyIsNull && v.isEmpty()) ? null : v;
          assertEquals(expected[s], row.value(s), line + " slot " + s);
        }
        boolean anyNull = false;
        byte[][] parts = new byte[keyCount][];
        for (int k = 0; k < keyCount; k++) {
          anyNull |= expected[k] == null;
          parts[k] = expected[k] == null ? null : expected[k].getBytes(StandardCharsets.UTF_8);
        }
        if (anyNull) {
          assertEquals(KeyEncoder.Outcome.NULL, outcome, line);
          nulls++;
        } else {
          assertEquals(KeyEncoder.Outcome.KEY, outcome, line);
          byte[] want = keyCount == 1 ? parts[0] : CanonicalKey.composite(parts);
          assertArrayEquals(want, enc.key(), line);
          keys++;
        }
      }
    }
    // the draws reach every outcome, so each branch above was checked
    assertEquals(true, keys > 1000 && nulls > 300 && missing > 300);
  }

  @Test
  public void aKeyFieldThatIsNotUtf8IsMalformed() {
    TableSpec spec = TableSpec.builder(TableFormat.TEXT).key(List.of("1"), List.of()).build();
    byte[] line = {'a', '\t', (byte) 0xff, 'b'};
    Text t = new Text();
    t.set(line);
    Row row = Row.ofLine(spec, t);
    assertEquals("key is not valid UTF-8", row.problem());
    byte[] ok = {(byte) 0xff, '\t', 'b'};
    t.set(ok);
    assertNull(Row.ofLine(spec, t).problem()); // only the slots' fields are decoded
  }

  @Test
  public void theLineIsKeptByteForByte() {
    TableSpec spec = TableSpec.builder(TableFormat.TEXT).key(List.of("0"), List.of()).build();
    byte[] line = "k\tv\u0001é".getBytes(StandardCharsets.UTF_8);
    Text t = new Text(line);
    Row row = Row.ofLine(spec, t);
    assertArrayEquals(line, Arrays.copyOf(row.line().getBytes(), row.line().getLength()));
  }

  @Test
  public void typedTextKeysParseOrAreMalformed() {
    TableSpec spec =
        TableSpec.builder(TableFormat.TEXT)
            .delimiter(',')
            .key(List.of("0", "1"), List.of(KeyType.LONG, KeyType.DATE))
            .build();
    KeyEncoder enc = new KeyEncoder(spec);
    assertEquals(KeyEncoder.Outcome.KEY, enc.encode(Row.ofLine(spec, new Text("404,2024-02-29"))));
    byte[] want =
        CanonicalKey.composite(
            CanonicalKey.ofLong(404), CanonicalKey.ofDate(java.time.LocalDate.of(2024, 2, 29)));
    assertArrayEquals(want, enc.key());
    assertEquals(KeyEncoder.Outcome.MALFORMED, enc.encode(Row.ofLine(spec, new Text("4x,2024-02-29"))));
    assertEquals(true, enc.problem().startsWith("not a long key: \"4x\""));
    assertEquals(KeyEncoder.Outcome.NULL, enc.encode(Row.ofLine(spec, new Text("\\N,4x"))));
  }
}
