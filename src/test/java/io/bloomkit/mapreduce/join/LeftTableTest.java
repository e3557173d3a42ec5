package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The map-side join's table against a naive map of key to records. */
public class LeftTableTest {
  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  public void groupsRecordsByKeyInArrivalOrderLikeANaiveMap() throws Exception {
    groupsLikeANaiveMap(new LeftTable());
  }

  /** Keys whose hashes keep 4 bits: 16 hashes for thousands of keys, every lookup walks a chain. */
  @Test
  public void keysOfOneHashAreToldApartByTheirBytes() throws Exception {
    groupsLikeANaiveMap(new LeftTable(0xfL));
  }

  private static void groupsLikeANaiveMap(LeftTable t) throws Exception {
    Random rnd = new Random(3);
    Map<String, List<String>> naive = new LinkedHashMap<>();
    long dataBytes = 0;
    long before = t.bytes();
    for (int i = 0; i < 20_000; i++) {
      String key = "k" + rnd.nextInt(3000) + (rnd.nextInt(50) == 0 ? "" : "x");
      String value = "record-" + i + (i % 7 == 0 ? "" : ",payload" + rnd.nextInt());
      // the key is a window of a longer array: only its length counts
      byte[] padded = b(key + "#garbage");
      byte[] v = b(value + "!!");
      t.add(padded, b(key).length, v, v.length - 2);
      naive.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
      dataBytes += value.length();
    }
    assertEquals(naive.size(), t.keys());
    assertEquals(20_000, t.records());
    assertTrue(t.bytes() >= dataBytes && t.bytes() > before);
    for (Map.Entry<String, List<String>> e : naive.entrySet()) {
      byte[] k = b(e.getKey() + "tail");
      int g = t.find(k, k.length - 4);
      assertTrue(g >= 0, e.getKey());
      List<String> got = new ArrayList<>();
      t.forEach(g, v -> got.add(v.toString()));
      assertEquals(e.getValue(), got, e.getKey());
      assertEquals(e.getValue().size(), t.count(g));
    }
    for (String absent : List.of("", "k", "k1y", "zzz", "k3000x")) {
      assertEquals(-1, t.find(b(absent), absent.length()), absent);
    }
  }

  /**
   * Views of one loaded table read by several threads at once each see every group as the naive
   * map has it, and keep their own matched groups; a view adds nothing.
   */
  @Test
  public void viewsReadOneTableFromSeveralThreads() throws Exception {
    LeftTable t = new LeftTable();
    Map<String, List<String>> naive = new LinkedHashMap<>();
    for (int i = 0; i < 30_000; i++) {
      String key = "k" + (i * 7919 % 5000);
      String value = "v" + i;
      t.add(b(key), b(key).length, b(value), b(value).length);
      naive.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
    }
    List<String> keys = new ArrayList<>(naive.keySet());
    int threads = 4;
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Thread> running = new ArrayList<>();
    for (int n = 0; n < threads; n++) {
      int seed = n;
      LeftTable view = t.view();
      Thread th = new Thread(() -> {
        try {
          Random rnd = new Random(seed);
          Set<String> marked = new HashSet<>();
          for (int i = 0; i < 50_000; i++) {
            String k = rnd.nextInt(10) == 0 ? "absent" + i : keys.get(rnd.nextInt(keys.size()));
            int g = view.find(b(k), b(k).length);
            if (!naive.containsKey(k)) {
              assertEquals(-1, g, k);
              continue;
            }
            List<String> got = new ArrayList<>();
            view.forEach(g, v -> got.add(v.toString()));
            assertEquals(naive.get(k), got, k);
            if (rnd.nextInt(4) == 0) {
              assertEquals(marked.add(k), view.match(g), k);
            }
          }
          Set<String> matched = new HashSet<>();
          view.forEachMatchedKey((k, len) -> matched.add(new String(k, 0, len,
              StandardCharsets.UTF_8)));
          assertEquals(marked, matched);
        } catch (Throwable e) {
          failures.add(e);
        }
      });
      running.add(th);
      th.start();
    }
    for (Thread th : running) {
      th.join();
    }
    assertEquals(List.of(), failures);
    assertEquals(t.bytes(), t.view().bytes());
    assertEquals(naive.size(), t.view().keys());
    org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> t.view().add(b("x"), 1, b("y"), 1));
  }

  @Test
  public void matchedKeysAreTheMarkedGroupsOnce() throws Exception {
    LeftTable t = new LeftTable();
    for (int i = 0; i < 500; i++) {
      t.add(b("key" + i), b("key" + i).length, b("v"), 1);
    }
    Set<String> marked = new HashSet<>();
    Random rnd = new Random(8);
    for (int i = 0; i < 300; i++) {
      String k = "key" + rnd.nextInt(500);
      boolean isNew = t.match(t.find(b(k), b(k).length));
      assertEquals(marked.add(k), isNew, k);
    }
    Set<String> got = new HashSet<>();
    t.forEachMatchedKey((k, n) -> assertTrue(got.add(new String(k, 0, n, StandardCharsets.UTF_8))));
    assertEquals(marked, got);
    LeftTable none = new LeftTable();
    none.forEachMatchedKey((k, n) -> { throw new AssertionError("no key matched"); });
  }
}
