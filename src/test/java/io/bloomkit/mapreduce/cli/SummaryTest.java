package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The human summary: aligned lines, nested objects indented, never a Java map's toString. */
public class SummaryTest {
  private static String print(Map<String, ?> m) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    Summary.print(new PrintStream(b, true, StandardCharsets.UTF_8), m);
    return b.toString(StandardCharsets.UTF_8);
  }

  @Test
  public void nestedPlanIsIndentedAndAligned() {
    Map<String, Object> plan = new LinkedHashMap<>();
    plan.put("strategy", "reduce-side");
    plan.put("estimatedSeconds", 2.4000000000000004);
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("type", "inner");
    r.put("plan", plan);
    r.put("outputRecords", 1234L);
    r.put("observedFpp", 0.0123456789);
    r.put("sources", List.of("a", "b"));
    String text = print(r);
    assertEquals(String.join("\n",
        "type:          inner",
        "plan:",
        "  strategy:         reduce-side",
        "  estimatedSeconds: 2.4",
        "outputRecords: 1234",
        "observedFpp:   0.0123457",
        "sources:       a, b",
        ""), text);
  }

  @Test
  public void aListOfObjectsIsOneBlockEach() {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("path", "/x");
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("filters", List.of(a, a));
    assertEquals("filters:\n  [0]\n    path: /x\n  [1]\n    path: /x\n", print(r));
  }
}
