package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.mapreduce.config.UsageException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.junit.jupiter.api.Test;

public class ChoicesTest {
  enum Kind {
    EXACT,
    LEFT_OUTER,
    ACBF1
  }

  enum One {
    ONLY
  }

  private static CommandLine parse(String... args) throws Exception {
    Options o = new Options();
    o.addOption(Option.builder().longOpt("kind").hasArg().build());
    return new DefaultParser().parse(o, args);
  }

  @Test
  public void namesAreLowerCaseWithHyphens() {
    assertEquals("exact", Choices.name(Kind.EXACT));
    assertEquals("left-outer", Choices.name(Kind.LEFT_OUTER));
    assertEquals("acbf1", Choices.name(Kind.ACBF1));
    assertEquals("exact, left-outer or acbf1", Choices.list(Kind.class));
    assertEquals("only", Choices.list(One.class));
  }

  @Test
  public void everyNameParsesBackToItsConstant() throws Exception {
    for (Kind k : Kind.values()) {
      assertEquals(k, Choices.get(parse("--kind", Choices.name(k)), "kind", Kind.EXACT));
    }
    assertEquals(Kind.LEFT_OUTER, Choices.get(parse(), "kind", Kind.LEFT_OUTER));
  }

  @Test
  public void anotherValueIsAUsageErrorListingTheChoices() throws Exception {
    for (String bad : new String[] {"LEFT_OUTER", "left_outer", "Exact", ""}) {
      try {
        Choices.get(parse("--kind", bad), "kind", Kind.EXACT);
        fail(bad);
      } catch (UsageException e) {
        assertEquals("--kind must be exact, left-outer or acbf1: " + bad, e.getMessage());
      }
    }
  }
}
