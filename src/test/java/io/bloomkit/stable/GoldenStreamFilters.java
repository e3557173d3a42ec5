package io.bloomkit.stable;

import io.bloomkit.core.StreamFilter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The stream filters whose bytes are locked in {@code src/test/resources/golden/} (sbf.bkf,
 * rsbf.bkf, ibf-2c.bkf, ibf-mc.bkf, ibf-h.bkf, ibf-2c-alg1.bkf, stream-bf.bkf): small filters after a fixed stream.
 * Run {@link #main} only when the format version changes on purpose.
 */
public final class GoldenStreamFilters {
  private GoldenStreamFilters() {}

  public static Map<String, StreamFilter> all() {
    Map<String, StreamFilter> m = new LinkedHashMap<>();
    m.put("sbf", StreamFilters.stable(300, 3, 3, 4, 17));
    m.put("rsbf", StreamFilters.reservoir(300, 3, 0.03, 17));
    m.put("ibf-2c", StreamFilters.importance(IbfVariant.TWO_CLASS, 300, 7, 3, 4, 1, 50, 17));
    m.put("ibf-mc", StreamFilters.importance(IbfVariant.MULTI_CLASS, 300, 7, 3, 4, 1, 50, 17));
    m.put("ibf-h", StreamFilters.importance(IbfVariant.HEURISTIC, 300, 7, 3, 4, 1, 50, 17));
    m.put("ibf-2c-alg1",
        StreamFilters.importance(IbfVariant.TWO_CLASS_ALGORITHM_1, 300, 7, 3, 4, 1, 50, 17));
    m.put("stream-bf", StreamFilters.bloom(300, 3));
    for (StreamFilter f : m.values()) {
      feed(f, 0, 500);
    }
    return m;
  }

  /** Offers keys "golden-i" for i in [from, to), some twice, importance 1 + i % 50. */
  static void feed(StreamFilter f, int from, int to) {
    for (int i = from; i < to; i++) {
      f.offer(f.hashStrategy().hash("golden-" + (i % 350)), StreamFilter.NO_TIME, 1 + i % 50);
    }
  }

  public static byte[] bytes(StreamFilter f) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    f.writeTo(out);
    return out.toByteArray();
  }

  public static void main(String[] args) throws IOException {
    Path dir = Paths.get(args.length > 0 ? args[0] : "src/test/resources/golden");
    Files.createDirectories(dir);
    for (Map.Entry<String, StreamFilter> e : all().entrySet()) {
      try (OutputStream out = Files.newOutputStream(dir.resolve(e.getKey() + ".bkf"))) {
        e.getValue().writeTo(out);
      }
    }
  }
}
