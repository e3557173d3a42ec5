package io.bloomkit.mapreduce.dedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.mapreduce.config.UsageException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.junit.jupiter.api.Test;

/**
 * Each dedup method owns its options: every one of them, given with another method, is refused
 * naming the method it applies to; with its own method it passes the check. The table of owners
 * is written here, independently of how the tool declares its option sets.
 */
public class DedupMethodTest {
  /** Option -> the message of its misuse, for every method-specific option. */
  private static final Map<String, String> OWNERS = new LinkedHashMap<>();

  static {
    for (String o : new String[] {"filter", "memory-bits", "slices", "importance-field",
        "local-filter", "local-bits", "timer-resolution", "evaluate"}) {
      OWNERS.put(o, "applies to --method stream");
    }
    OWNERS.put("items", "applies to --method counting (it sizes its filter)");
    OWNERS.put("bits-per-key", "applies to --method counting (it sizes its filter)");
  }

  private static CommandLine parse(String... args) throws Exception {
    return new DefaultParser().parse(new DedupTool().commandLineOptions(args), args);
  }

  private static List<String> args(String method, String option) {
    List<String> a = new ArrayList<>(List.of("--method", method, "--" + option));
    Option o = new DedupTool().commandLineOptions().getOption(option);
    if (o.hasArg()) {
      a.add(option.equals("local-filter") ? "bloom" : "4");
    }
    if (option.equals("local-bits")) {
      a.addAll(List.of("--local-filter", "bloom")); // local-bits alone is a bloom leaf's option
    }
    return a;
  }

  @Test
  public void eachMethodSpecificOptionIsRefusedWithTheOtherMethods() throws Exception {
    for (Map.Entry<String, String> e : OWNERS.entrySet()) {
      String owner = e.getValue().contains("stream") ? "stream" : "counting";
      for (String method : new String[] {"exact", "counting", "stream"}) {
        List<String> a = args(method, e.getKey());
        CommandLine cl = parse(a.toArray(new String[0]));
        if (method.equals(owner)) {
          assertEquals(method, DedupMethod.of(cl).name().toLowerCase(), a.toString());
          continue;
        }
        try {
          DedupMethod.of(cl);
          fail(a + " was not refused");
        } catch (UsageException x) {
          String expected = "--" + e.getKey() + " " + e.getValue();
          if (e.getKey().equals("local-bits")) { // --local-filter comes first in the check
            expected = "--local-filter applies to --method stream";
          }
          assertEquals(expected, x.getMessage(), a.toString());
        }
      }
    }
  }

  @Test
  public void everyOptionOfTheToolIsCommonOrOwnedByOneMethod() {
    List<String> common = List.of("input", "output", "key-field", "time-field", "delimiter",
        "input-format", "key-type", "null-token", "empty-is-null", "csv-header", "csv-multiline",
        "partition-types",
        "null-keys-equal", "method", "window", "duplicates", "reducers", "strict",
        "max-malformed-share", "help", "json", "quiet", "output-format", "output-delimiter",
        "output-codec");
    List<String> all = new ArrayList<>();
    for (Option o : new DedupTool().commandLineOptions().getOptions()) {
      all.add(o.getLongOpt());
      String name = o.getLongOpt();
      assertTrue(common.contains(name) || OWNERS.containsKey(name), name);
    }
    assertEquals(common.size() + OWNERS.size(), all.size());
  }

  @Test
  public void methodNamesAndDefault() throws Exception {
    assertSame(DedupMethod.EXACT, DedupMethod.of(parse()));
    assertSame(DedupMethod.COUNTING, DedupMethod.of(parse("--method", "counting")));
    assertSame(DedupMethod.STREAM, DedupMethod.of(parse("--method", "stream")));
    try {
      DedupMethod.of(parse("--method", "Exact"));
      fail();
    } catch (UsageException x) {
      assertEquals("--method must be exact, counting or stream: Exact", x.getMessage());
    }
  }
}
