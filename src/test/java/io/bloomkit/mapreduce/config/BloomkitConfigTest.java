package io.bloomkit.mapreduce.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Configuration values that carry user bytes survive job.xml (XML 1.0) whatever the bytes. */
public class BloomkitConfigTest {
  /** What a task sees: the client's configuration written as job.xml and parsed back. */
  public static Configuration throughJobXml(Configuration conf) throws Exception {
    ByteArrayOutputStream xml = new ByteArrayOutputStream();
    conf.writeXml(xml);
    Configuration task = new Configuration(false);
    task.addResource(new ByteArrayInputStream(xml.toByteArray()), "job.xml");
    task.get("anything"); // forces the parse now
    return task;
  }

  /**
   * Every character (surrogates aside) set as the delimiter, stored as {@link BloomkitConfig#set}
   * stores it, written to one job.xml (each stored value under a key of its own) and parsed back,
   * then read as {@link BloomkitConfig#get} reads it in a task: one XML round trip for all 63,488
   * characters instead of one each.
   */
  @Test
  public void everyDelimiterCharacterSurvivesJobXml() throws Exception {
    Configuration all = new Configuration(false);
    Configuration one = new Configuration(false);
    int checked = 0;
    for (int c = 0; c <= 0xFFFF; c++) {
      if (Character.isSurrogate((char) c)) {
        continue; // not a character on its own
      }
      BloomkitConfig.DELIMITER.set(one, String.valueOf((char) c));
      all.set("stored." + c, one.getRaw(BloomkitConfig.DELIMITER.key()));
      checked++;
    }
    assertEquals(0x10000 - 0x800, checked);
    Configuration task = throughJobXml(all);
    StringBuilder failures = new StringBuilder();
    for (int c = 0; c <= 0xFFFF; c++) {
      if (Character.isSurrogate((char) c)) {
        continue;
      }
      String stored = task.getRaw("stored." + c);
      String back;
      if (stored == null) {
        back = "<lost>";
      } else {
        one.set(BloomkitConfig.DELIMITER.key(), stored);
        try {
          back = BloomkitConfig.DELIMITER.get(one);
        } catch (RuntimeException e) {
          back = "<" + e.getClass().getSimpleName() + ">";
        }
      }
      if (!String.valueOf((char) c).equals(back)) {
        failures.append(String.format(" U+%04X", c));
      }
    }
    assertEquals(0, failures.length(), "characters that did not survive:" + failures);
  }

  @Test
  public void escapedFormIsXmlSafeAndReadable() {
    Configuration conf = new Configuration(false);
    BloomkitConfig.DELIMITER.set(conf, "\u0001");
    assertEquals("\\u0001", conf.getRaw(BloomkitConfig.DELIMITER.key()));
    BloomkitConfig.DELIMITER.set(conf, "\\");
    assertEquals("\\u005c", conf.getRaw(BloomkitConfig.DELIMITER.key()));
    assertEquals("\\", BloomkitConfig.DELIMITER.get(conf));
    // what a user writes with -D: the escape, and the older \t spelling
    conf.set(BloomkitConfig.DELIMITER.key(), "\\u001f");
    assertEquals("\u001f", BloomkitConfig.DELIMITER.get(conf));
    conf.set(BloomkitConfig.DELIMITER.key(), "\\t");
    assertEquals('\t', io.bloomkit.mapreduce.cli.RecordFormat.parseDelimiter(BloomkitConfig.DELIMITER.get(conf)));
    assertTrue(BloomkitConfig.DELIMITER.description().contains("\\uXXXX"));
  }

  @Test
  public void defaultDelimiterIsTab() {
    assertEquals("\t", BloomkitConfig.DELIMITER.get(new Configuration(false)));
  }
}
