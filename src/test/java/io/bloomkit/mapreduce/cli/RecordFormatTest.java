package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

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

  @Test
  public void rejectsLongDelimiter() {
    assertThrows(IllegalArgumentException.class, () ->
      RecordFormat.parseDelimiter("ab"));
  }

  @Test
  public void rejectsLineBreakDelimitersTheLineReaderNeverLeavesInARecord() {
    for (String d : new String[] {"\n", "\r"}) {
      try {
        RecordFormat.parseDelimiter(d);
        Assertions.fail("accepted " + d.codePointAt(0));
      } catch (IllegalArgumentException e) {
        assertTrue(e.getMessage().contains("line"), e.getMessage());
      }
    }
  }
}
