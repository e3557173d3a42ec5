package io.bloomkit.mapreduce;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.ToolRun;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.Test;

public class BloomkitDriverTest {
  @Test
  public void everyToolIsRegisteredUnderItsNameWithAMain() throws Throwable {
    assertEquals(
        List.of("demo", "build", "join", "update", "dedup", "icebergs",
            "size", "inspect", "generate", "simulate"),
        new ArrayList<>(BloomkitDriver.TOOLS.keySet()));
    for (Map.Entry<String, Supplier<BloomkitTool>> e : BloomkitDriver.TOOLS.entrySet()) {
      BloomkitTool tool = e.getValue().get();
      assertEquals(e.getKey(), tool.name());
      Method main = tool.getClass().getMethod("main", String[].class);
      assertTrue(Modifier.isStatic(main.getModifiers()));
      ToolRun help = ToolRun.run(tool, "--help");
      assertEquals(0, help.code);
      assertTrue(help.out.contains("usage: bloomkit " + e.getKey()));
      assertEquals(2, ToolRun.run(e.getValue().get(), "--no-such-option").code);
    }
    assertEquals(-1, BloomkitDriver.programs().run(new String[] {"no-such-tool"}));
  }

  @Test
  public void everyConfigKeyIsUniqueAndDocumented() {
    java.util.Set<String> keys = new java.util.HashSet<>();
    for (BloomkitConfig c : BloomkitConfig.values()) {
      assertTrue(c.key(), keys.add(c.key()));
      assertTrue(c.key().startsWith("bloomkit."));
      assertTrue(!c.description().isEmpty());
    }
  }
}
