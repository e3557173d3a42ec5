package io.bloomkit.registry;

import io.bloomkit.lcbf.LinkedCountingBloomFilter;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.window.WindowFilters;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The timer and lcbf filters whose bytes are locked in {@code src/test/resources/golden/} ({@code
 * timer.bkf}, {@code timer-dynamic.bkf}, {@code lcbf.bkf}). Run {@link #main} only when the format
 * changes on purpose.
 */
public final class GoldenDistributedFilters {
  private GoldenDistributedFilters() {}

  /** Name to the filter's bytes producer. */
  static Map<String, Object> all() {
    Map<String, Object> m = new LinkedHashMap<>();
    StreamFilter timer = WindowFilters.timer(1_000, 4, 100, 0);
    StreamFilter dynamic = WindowFilters.dynamic(300, 3, 50, 2, 0.05, "density");
    LinkedCountingBloomFilter lcbf = LinkedCountingBloomFilter.create(500, 3, 15, 9);
    for (int i = 0; i < 200; i++) {
      String key = "golden-" + (i % 80); // some keys twice: duplicates and matched frequencies
      timer.offer(key(key), 1_000 + i / 2, 1.0);
      dynamic.offer(key(key), 1_000 + i / 4, 1.0);
      lcbf.add(key(key), 1 + (i % 7));
    }
    lcbf.remove(key("golden-3"));
    m.put("timer", timer);
    m.put("timer-dynamic", dynamic);
    m.put("lcbf", lcbf);
    return m;
  }

  static io.bloomkit.core.hash.KeyHash key(String s) {
    return io.bloomkit.core.hash.HashStrategy.MURMUR3_128_DOUBLE.hash(s);
  }

  static byte[] bytes(Object f) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    write(f, out);
    return out.toByteArray();
  }

  static void write(Object f, OutputStream out) throws IOException {
    if (f instanceof StreamFilter) {
      ((StreamFilter) f).writeTo(out);
    } else {
      ((LinkedCountingBloomFilter) f).writeTo(out);
    }
  }

  public static void main(String[] args) throws IOException {
    Path dir = Paths.get(args.length > 0 ? args[0] : "src/test/resources/golden");
    Files.createDirectories(dir);
    for (Map.Entry<String, Object> e : all().entrySet()) {
      try (OutputStream out = Files.newOutputStream(dir.resolve(e.getKey() + ".bkf"))) {
        write(e.getValue(), out);
      }
    }
  }
}
