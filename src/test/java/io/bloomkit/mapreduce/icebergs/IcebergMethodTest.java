package io.bloomkit.mapreduce.icebergs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.mapreduce.config.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.junit.jupiter.api.Test;

/**
 * Each method's own options, against what {@code --help} tells the user: an option whose
 * description starts with {@code "counting, lcbf:"} is taken by exactly those methods and refused
 * by the others with a message naming them; every other option is taken by every method.
 */
public class IcebergMethodTest {
  private static final List<String> METHODS = List.of("exact", "counting", "lcbf");

  /** The methods a help description names before its colon; all of them when it names none. */
  private static Set<String> methodsOf(Option o) {
    String d = o.getDescription();
    int colon = d.indexOf(':');
    Set<String> named = new TreeSet<>();
    if (colon > 0) {
      for (String m : d.substring(0, colon).split(",\\s*")) {
        if (METHODS.contains(m)) {
          named.add(m);
        }
      }
    }
    return named.isEmpty() ? new TreeSet<>(METHODS) : named;
  }

  private static CommandLine parse(List<String> args) throws Exception {
    String[] a = args.toArray(new String[0]);
    return new DefaultParser().parse(new IcebergTool().commandLineOptions(a), a);
  }

  @Test
  public void eachOptionIsTakenByTheMethodsItsHelpNamesAndRefusedByTheOthers() throws Exception {
    int methodSpecific = 0;
    for (Option o : new IcebergTool().commandLineOptions().getOptions()) {
      String name = o.getLongOpt();
      if (name.equals("method")) {
        continue;
      }
      Set<String> owners = methodsOf(o);
      methodSpecific += owners.size() < METHODS.size() ? 1 : 0;
      for (String method : METHODS) {
        List<String> args = new ArrayList<>(List.of("--method", method, "--" + name));
        if (o.hasArg()) {
          args.add("3");
        }
        CommandLine cl = parse(args);
        if (owners.contains(method)) {
          assertEquals(method, IcebergMethod.parse(cl).name().toLowerCase(), args.toString());
          continue;
        }
        try {
          IcebergMethod.parse(cl);
          fail(args + " was not refused");
        } catch (UsageException e) {
          String expected = "--" + name + " applies to --method " + String.join(" and ", owners)
              + (owners.size() == 1 ? " only" : " (exact is exact)");
          assertEquals(expected, e.getMessage(), args.toString());
        }
      }
    }
    assertEquals(7, methodSpecific); // verify, evaluate, num-hashes, items, bits-per-key and lcbf's two
  }

  @Test
  public void theMethodIsExactUnlessNamedAndAnUnknownOneIsRefused() throws Exception {
    assertEquals(IcebergMethod.EXACT, IcebergMethod.parse(parse(List.of())));
    try {
      IcebergMethod.parse(parse(List.of("--method", "Lcbf")));
      fail("a method name is lower case");
    } catch (UsageException e) {
      assertEquals("--method must be exact, counting or lcbf: Lcbf", e.getMessage());
    }
    assertTrue(IcebergMethod.OPTIONS.optionsOf(IcebergMethod.EXACT).isEmpty());
  }
}
