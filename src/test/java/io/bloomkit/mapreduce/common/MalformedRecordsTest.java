package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

public class MalformedRecordsTest {
  @Test
  public void controlCharactersAreVisibleAndLongLinesCut() {
    assertEquals("a\\tb\\x01c\\\\d\\r\\n\\x7f\\u0085é", MalformedRecords.visible(
        "a\tb\u0001c\\d\r\n\u007f\u0085é", 100));
    assertEquals("abc...", MalformedRecords.visible("abcdef", 3));
    assertEquals("abc", MalformedRecords.visible("abc", 3));
  }

  @Test
  public void sampleShowsFileOffsetLineAndProblem() {
    byte[] line = "x\ty".getBytes(StandardCharsets.UTF_8);
    MalformedRecords.Sample s =
        new MalformedRecords.Sample("f", 12, false, "why", line, line.length);
    assertEquals("f at byte offset 12: \"x\\ty\" (3 bytes; why)", s.toString());
    MalformedRecords.Sample r = new MalformedRecords.Sample("f", 3, true, "why", line, line.length);
    assertEquals("f at record 3: \"x\\ty\" (3 bytes; why)", r.toString());
  }

  @Test
  public void theShareRule() throws Exception {
    MalformedRecords.Tally t = new MalformedRecords.Tally("input", "1", ",");
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(b, true, StandardCharsets.UTF_8);
    assertFalse(t.counts(100, 1, null).warnIfAbove(0.01, err)); // 1% is not above 1%
    assertTrue(t.counts(100, 2, null).warnIfAbove(0.01, err));
    assertTrue(b.toString(StandardCharsets.UTF_8).contains("2 of the 100 records of the input"));
    assertFalse(t.counts(0, 0, null).warnIfAbove(0, err));
    assertFalse(t.counts(0, 0, null).allMalformed()); // no record: nothing to fail on
    t.counts(5, 4, null).failIfAllMalformed();
    try {
      t.counts(5, 5, null).failIfAllMalformed();
      throw new AssertionError();
    } catch (MalformedRecords.AllMalformedException e) {
      assertTrue(e.getMessage().contains("every one of the 5 records"), e.getMessage());
    }
  }
}
