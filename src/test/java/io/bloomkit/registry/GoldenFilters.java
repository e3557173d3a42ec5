package io.bloomkit.registry;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.sbbf.SplitBlockBloomFilter;

import io.bloomkit.core.AcbfSizing;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The filters whose bytes are locked in {@code src/test/resources/golden/}. Run {@link #main} only
 * when the format version changes on purpose.
 */
public final class GoldenFilters {
  private GoldenFilters() {}

  static Map<String, Filter> all() {
    Map<String, Filter> m = new LinkedHashMap<>();
    BloomFilter bf = BloomFilter.create(FilterShape.bloom(1_000, 5, 100));
    CountingBloomFilter cbf = CountingBloomFilter.create(FilterShape.counting(500, 3, 100));
    AccurateCountingBloomFilter acbf =
        AccurateCountingBloomFilter.create(FilterShape.acbf(AcbfSizing.OPTIMAL, 5_000, 3, 150, 100));
    AccurateCountingBloomFilter acbf2 =
        AccurateCountingBloomFilter.create(FilterShape.acbf(AcbfSizing.T2, 300, 2, 150, 100));
    SplitBlockBloomFilter sbbf = SplitBlockBloomFilter.create(FilterShape.splitBlock(5, 100));
    for (int i = 0; i < 100; i++) {
      String key = "golden-" + (i % 80); // some keys twice: counters of 2+ and several levels
      bf.add(key);
      sbbf.add(key);
      cbf.add(key);
      acbf.add(key);
      acbf2.add(key);
    }
    m.put("bf", bf);
    m.put("cbf", cbf);
    m.put("acbf", acbf);
    m.put("acbf2", acbf2);
    m.put("sbbf", sbbf);
    return m;
  }

  static byte[] bytes(Filter f) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    f.writeTo(out);
    return out.toByteArray();
  }

  public static void main(String[] args) throws IOException {
    Path dir = Paths.get(args.length > 0 ? args[0] : "src/test/resources/golden");
    Files.createDirectories(dir);
    for (Map.Entry<String, Filter> e : all().entrySet()) {
      try (OutputStream out = Files.newOutputStream(dir.resolve(e.getKey() + ".bkf"))) {
        e.getValue().writeTo(out);
      }
    }
  }
}
