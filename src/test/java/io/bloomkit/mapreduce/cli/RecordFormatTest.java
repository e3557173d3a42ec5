package io.bloomkit.mapreduce.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** {@link RecordFormat#parseDelimiter}: one character, tab spellings, never a line break. */
public class RecordFormatTest {
  @Test
  public void parsesDelimiters() {
    assertEquals('\t', RecordFormat.parseDelimiter("\\t"));
    assertEquals(',', RecordFormat.parseDelimiter(","));
    assertEquals('\u0001', RecordFormat.parseDelimiter("\u0001"));
    assertEquals('\t', RecordFormat.parseDelimiter("tab"));
    assertEquals('\t', RecordFormat.parseDelimiter("\t"));
  }

  @Test(expected = IllegalArgumentException.class)
  public void rejectsLongDelimiter() {
    RecordFormat.parseDelimiter("ab");
  }

  @Test
  public void rejectsLineBreakDelimitersTheLineReaderNeverLeavesInARecord() {
    for (String d : new String[] {"\n", "\r"}) {
      try {
        RecordFormat.parseDelimiter(d);
        org.junit.Assert.fail("accepted " + d.codePointAt(0));
      } catch (IllegalArgumentException e) {
        assertTrue(e.getMessage(), e.getMessage().contains("line"));
      }
    }
  }
}
