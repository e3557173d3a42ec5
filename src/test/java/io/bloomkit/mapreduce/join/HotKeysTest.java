package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.BloomkitConfigTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The hot keys as the tasks see them: through job.xml, looked up and bucketed. */
public class HotKeysTest {
  @Test
  public void noneWhenUnset() {
    assertNull(HotKeys.fromConf(new Configuration(false)));
    Configuration c = new Configuration(false);
    HotKeys.store(c, List.of(), 4);
    assertNull(HotKeys.fromConf(c));
  }

  @Test
  public void aThousandKeysOfAnyBytesSurviveJobXmlAndAreFoundExactly() throws Exception {
    Random rnd = new Random(7);
    List<byte[]> keys = new ArrayList<>();
    Map<String, Integer> index = new HashMap<>();
    while (keys.size() < 1000) {
      byte[] k = new byte[rnd.nextInt(12)];
      rnd.nextBytes(k);
      if (index.putIfAbsent(new String(k, StandardCharsets.ISO_8859_1), keys.size()) == null) {
        keys.add(k);
      }
    }
    Configuration c = new Configuration(false);
    HotKeys.store(c, keys, 5);
    HotKeys hot = HotKeys.fromConf(BloomkitConfigTest.throughJobXml(c));
    assertEquals(1000, hot.size());
    assertEquals(5, hot.buckets());
    for (int i = 0; i < keys.size(); i++) {
      byte[] padded = java.util.Arrays.copyOf(keys.get(i), keys.get(i).length + 3);
      assertEquals(i, hot.indexOf(padded, keys.get(i).length)); // only [0, length) counts
    }
    int misses = 0;
    for (int i = 0; i < 20000; i++) {
      byte[] k = new byte[rnd.nextInt(12)];
      rnd.nextBytes(k);
      Integer expected = index.get(new String(k, StandardCharsets.ISO_8859_1));
      assertEquals(expected == null ? -1 : expected, hot.indexOf(k, k.length));
      misses += expected == null ? 1 : 0;
    }
    // short random keys hit the set often, longer ones miss: both branches are exercised
    assertEquals(true, misses > 1000 && misses < 20000);
  }

  @Test
  public void rightRecordsGoRoundRobinFromBucketOnePerKey() {
    Configuration c = new Configuration(false);
    HotKeys.store(c, List.of("a".getBytes(StandardCharsets.UTF_8),
        "b".getBytes(StandardCharsets.UTF_8)), 3);
    HotKeys hot = HotKeys.fromConf(c);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      b.append(hot.nextBucket(0));
    }
    b.append(' ').append(hot.nextBucket(1)).append(hot.nextBucket(1));
    assertEquals("12312 12", b.toString());
  }

  @Test
  public void refusesOneBucket() {
    assertThrows(IllegalArgumentException.class, () ->
      HotKeys.store(new Configuration(false), List.of(new byte[]{1}), 1));
  }

  @Test
  public void theStoredValueNamesTheBucketsAndTheBase64Keys() {
    Configuration c = new Configuration(false);
    HotKeys.store(c, List.of("hot".getBytes(StandardCharsets.UTF_8), new byte[] {0}), 2);
    assertEquals("2:aG90,AA==", BloomkitConfig.JOIN_HOT_KEYS.get(c));
  }
}
