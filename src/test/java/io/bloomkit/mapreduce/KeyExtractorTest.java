package io.bloomkit.mapreduce;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.Text;
import org.junit.Test;

public class KeyExtractorTest {
  @Test
  public void singleAndCompositeKeys() {
    KeyExtractor k = new KeyExtractor(',', new int[] {1});
    assertTrue(k.extract(new Text("a,b,c")));
    assertEquals("b", k.keyString());
    KeyExtractor k2 = new KeyExtractor('|', new int[] {2, 0});
    assertTrue(k2.extract(new Text("x|y|z|w")));
    assertEquals("z|x", k2.keyString());
    KeyExtractor last = new KeyExtractor('\t', new int[] {2});
    assertTrue(last.extract(new Text("a\tb\t")));
    assertEquals("", last.keyString()); // an empty last field is present
  }

  @Test
  public void blankLinesAreMalformedButEmptyFieldsAreKeys() {
    for (String blank : new String[] {"", " ", "\t", " \t\r\f\u000b"}) {
      KeyExtractor k = new KeyExtractor('\t', new int[] {0});
      assertFalse(blank, k.extract(new Text(blank)));
      assertEquals("blank line", k.problem());
    }
    KeyExtractor k = new KeyExtractor(',', new int[] {1, 2});
    assertTrue(k.extract(new Text("a,,")));
    assertEquals(",", k.keyString()); // a key of empty fields is a key
    assertTrue(new KeyExtractor(',', new int[] {0}).extract(new Text(" x ")));
  }

  @Test
  public void missingFieldIsMalformed() {
    KeyExtractor k = new KeyExtractor(',', new int[] {3});
    assertFalse(k.extract(new Text("a,b,c")));
    assertTrue(k.problem().contains("missing"));
  }

  @Test
  public void invalidUtf8KeyIsMalformedButOtherFieldsMayBeBinary() {
    byte[] line = {'k', ',', (byte) 0xC3, (byte) 0x28};
    KeyExtractor k = new KeyExtractor(',', new int[] {1});
    assertFalse(k.extract(line, 0, line.length));
    assertTrue(k.problem().contains("UTF-8"));
    KeyExtractor k0 = new KeyExtractor(',', new int[] {0});
    assertTrue(k0.extract(line, 0, line.length));
    assertEquals("k", k0.keyString());
  }

  @Test
  public void multiByteDelimiterAndKeys() {
    KeyExtractor k = new KeyExtractor('§', new int[] {1});
    byte[] b = "é§ü§x".getBytes(StandardCharsets.UTF_8);
    assertTrue(k.extract(b, 0, b.length));
    assertEquals("ü", k.keyString());
  }

  @Test
  public void parsesOptions() {
    assertEquals('\t', KeyExtractor.parseDelimiter("\\t"));
    assertEquals(',', KeyExtractor.parseDelimiter(","));
    assertArrayEquals(new int[] {0, 2}, KeyExtractor.parseFields("0,2"));
    assertEquals("0,2", KeyExtractor.formatFields(new int[] {0, 2}));
  }

  @Test(expected = IllegalArgumentException.class)
  public void rejectsLongDelimiter() {
    KeyExtractor.parseDelimiter("ab");
  }

  @Test
  public void rejectsLineBreakDelimitersTheLineReaderNeverLeavesInARecord() {
    for (String d : new String[] {"\n", "\r"}) {
      try {
        KeyExtractor.parseDelimiter(d);
        org.junit.Assert.fail("accepted " + d.codePointAt(0));
      } catch (IllegalArgumentException e) {
        assertTrue(e.getMessage(), e.getMessage().contains("line"));
      }
    }
    assertEquals('\u0001', KeyExtractor.parseDelimiter("\u0001"));
    assertEquals('\t', KeyExtractor.parseDelimiter("tab"));
    assertEquals('\t', KeyExtractor.parseDelimiter("\t"));
    assertEquals('\t', KeyExtractor.parseDelimiter("\\t"));
  }

  @Test(expected = IllegalArgumentException.class)
  public void rejectsNegativeField() {
    KeyExtractor.parseFields("-1");
  }
}
