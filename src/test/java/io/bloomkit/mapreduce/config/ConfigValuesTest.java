package io.bloomkit.mapreduce.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinTool;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code bloomkit.*} key is parsed and range-checked where it is declared: a bad value
 * names the key, the value and what is allowed, before any job (exit 2).
 */
public class ConfigValuesTest {
  @TempDir public File tmp;

  /** How main code reads each key must be what the key declares. */
  @Test
  public void eachKeyIsReadAsItsDeclaredKind() throws IOException {
    Pattern read = Pattern.compile("\\b([A-Z][A-Z0-9_]+)\\.get(Int|Long|Double|Boolean)\\(");
    List<Path> sources;
    try (Stream<Path> s = Files.walk(Paths.get("src/main/java"))) {
      sources = s.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList());
    }
    int checked = 0;
    for (Path p : sources) {
      String text = Files.readString(p, StandardCharsets.UTF_8);
      Matcher m = read.matcher(text);
      while (m.find()) {
        BloomkitConfig c;
        try {
          c = BloomkitConfig.valueOf(m.group(1));
        } catch (IllegalArgumentException notOurs) {
          continue; // another library's key (OrcConf...)
        }
        BloomkitConfig.Kind want;
        switch (m.group(2)) {
          case "Int":
            want = BloomkitConfig.Kind.INT;
            break;
          case "Long":
            want = c.kind() == BloomkitConfig.Kind.INT ? BloomkitConfig.Kind.INT
                : BloomkitConfig.Kind.LONG;
            break;
          case "Double":
            want = BloomkitConfig.Kind.DOUBLE;
            break;
          default:
            want = BloomkitConfig.Kind.BOOLEAN;
        }
        assertEquals(want, c.kind(), p + ": " + m.group());
        checked++;
      }
    }
    assertTrue(checked > 50, "found the typed reads: " + checked);
  }

  @Test
  public void everyDefaultIsInItsOwnRange() {
    Configuration conf = new Configuration(false);
    for (BloomkitConfig c : BloomkitConfig.values()) {
      conf.set(c.key(), c.defaultValue());
    }
    BloomkitConfig.check(conf); // throws on the first default outside its range
  }

  @Test
  public void badValuesNameTheKeyTheValueAndWhatIsAllowed() {
    String[][] cases = {
        {"bloomkit.mapside.max.bytes", "abc", "must be an integer of at least 0"},
        {"bloomkit.mapside.max.bytes", "-5", "must be an integer of at least 0"},
        {"bloomkit.join.hot.share", "1.5", "must be a finite number from 0.0 to 1.0"},
        {"bloomkit.join.hot.enabled", "yes", "must be true or false"},
        {"bloomkit.icebergs.map.max.keys", "3000000000", "must be an integer (32-bit) of at"
            + " least 1"},
        {"bloomkit.plan.job.seconds", "NaN", "must be a finite number of at least 0"},
    };
    for (String[] c : cases) {
      Configuration conf = new Configuration(false);
      conf.set(c[0], c[1]);
      try {
        BloomkitConfig.check(conf);
        fail(c[0] + "=" + c[1] + " was accepted");
      } catch (IllegalArgumentException e) {
        assertTrue(e.getMessage().startsWith("-D " + c[0] + "=" + c[1] + ": "
            + c[2]), e.getMessage());
      }
    }
  }

  @Test
  public void aToolRefusesABadValueBeforeAnyJob() throws Exception {
    File left = newFile(tmp, "l.txt");
    File right = newFile(tmp, "r.txt");
    Files.writeString(left.toPath(), "a\nb\n");
    Files.writeString(right.toPath(), "a\nc\n");
    for (String value : new String[] {"abc", "-5"}) {
      Configuration conf = ToolRun.localConf();
      conf.set("bloomkit.mapside.max.bytes", value);
      File out = new File(tmp, "out-" + value);
      ToolRun r = ToolRun.run(conf, new JoinTool(), "--left", left.toString(), "--left-key", "0",
          "--right", right.toString(), "--right-key", "0", "--output", out.toString(),
          "--quiet");
      assertEquals(2, r.code, r.toString());
      assertTrue(r.err.startsWith("join: -D bloomkit.mapside.max.bytes=" + value
          + ": must be an integer of at least 0"), r.err);
      assertTrue(!out.exists(), out + " not written");
    }
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
