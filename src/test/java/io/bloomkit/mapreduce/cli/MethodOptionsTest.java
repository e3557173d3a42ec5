package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.mapreduce.config.UsageException;
import java.util.EnumSet;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.junit.jupiter.api.Test;

public class MethodOptionsTest {
  enum Method {
    EXACT,
    COUNTING,
    STREAM
  }

  private static final MethodOptions<Method> RULES =
      new MethodOptions<Method>()
          .only(EnumSet.of(Method.STREAM), "applies to --method stream", "filter", "evaluate")
          .only(EnumSet.of(Method.COUNTING, Method.STREAM), "applies to counting and stream",
              "items");

  private static CommandLine parse(String... args) throws Exception {
    Options o = new Options();
    for (String n : new String[] {"filter", "items"}) {
      o.addOption(Option.builder().longOpt(n).hasArg().build());
    }
    o.addOption(Option.builder().longOpt("evaluate").build());
    return new DefaultParser().parse(o, args);
  }

  @Test
  public void eachMethodsSetIsTheUnionOfItsRules() {
    assertEquals(List.of(), RULES.optionsOf(Method.EXACT));
    assertEquals(List.of("items"), RULES.optionsOf(Method.COUNTING));
    assertEquals(List.of("filter", "evaluate", "items"), RULES.optionsOf(Method.STREAM));
  }

  @Test
  public void anOptionOfItsSetPassesAndAnyOtherIsRefusedByName() throws Exception {
    String[][] lines = {{"--filter", "x"}, {"--evaluate"}, {"--items", "5"}};
    String[] names = {"filter", "evaluate", "items"};
    for (Method m : Method.values()) {
      for (int i = 0; i < lines.length; i++) {
        boolean applies = RULES.optionsOf(m).contains(names[i]);
        try {
          RULES.check(parse(lines[i]), m);
          assertEquals(true, applies, m + " " + names[i]);
        } catch (UsageException e) {
          assertEquals(false, applies, m + " " + names[i]);
          String why = names[i].equals("items")
              ? "applies to counting and stream" : "applies to --method stream";
          assertEquals("--" + names[i] + " " + why, e.getMessage());
        }
      }
    }
  }

  @Test
  public void theFirstMisplacedOptionInDeclarationOrderIsNamed() throws Exception {
    try {
      RULES.check(parse("--items", "3", "--evaluate", "--filter", "f"), Method.EXACT);
      fail();
    } catch (UsageException e) {
      assertEquals("--filter applies to --method stream", e.getMessage());
    }
  }
}
