package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.bloomkit.mapreduce.config.UsageException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Typed options: commons-cli converts, a refused value is a usage error naming the option. */
public class OptionValuesTest {
  private static CommandLine parse(String... args) throws ParseException {
    Options o = new Options();
    o.addOption(BloomkitTool.integerOpt("n", "N", "an integer"));
    o.addOption(BloomkitTool.numberOpt("x", "X", "a number"));
    o.addOption(BloomkitTool.opt("s", "S", "a string"));
    return new DefaultParser().parse(o, args);
  }

  private static String usage(Executable r) {
    return assertThrows(UsageException.class, r).getMessage();
  }

  @Test
  public void valuesAreConvertedTrimmedAndDefaulted() throws ParseException {
    CommandLine cl = parse("--n", " 12 ", "--x", "2.5e-3");
    assertEquals(12L, BloomkitTool.longValue(cl, "n", 7, 1));
    assertEquals(12, BloomkitTool.intValue(cl, "n", 7, 1));
    assertEquals(0.0025, BloomkitTool.doubleValue(cl, "x", 1), 0);
    CommandLine none = parse();
    assertEquals(-3L, BloomkitTool.longValue(none, "n", -3, 1)); // the default is not checked
    assertEquals(0.5, BloomkitTool.doubleValue(none, "x", 0.5), 0);
  }

  @Test
  public void refusedValuesNameTheOption() throws ParseException {
    assertEquals("--n must be an integer: \"1.5\"",
        usage(() -> BloomkitTool.longValue(parse("--n", "1.5"), "n", 0, 0)));
    assertEquals("--n must be at least 2: 1",
        usage(() -> BloomkitTool.longValue(parse("--n", "1"), "n", 5, 2)));
    assertEquals("--n is too large: " + (Integer.MAX_VALUE + 1L),
        usage(() -> BloomkitTool.intValue(parse("--n", "" + (Integer.MAX_VALUE + 1L)), "n", 0, 0)));
    for (String bad : new String[] {"ten", "NaN", "Infinity", "-Infinity", ""}) {
      assertEquals("--x must be a number: \"" + bad + "\"",
          usage(() -> BloomkitTool.doubleValue(parse("--x", bad), "x", 0)));
    }
  }

  @Test
  public void anUntypedOptionReadAsANumberIsABug() throws ParseException {
    CommandLine cl = parse("--s", "3");
    assertThrows(IllegalStateException.class, () -> BloomkitTool.longValue(cl, "s", 0, 0));
  }
}
