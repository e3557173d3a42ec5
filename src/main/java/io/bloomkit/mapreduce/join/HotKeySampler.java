package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.common.Progress;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.Tables;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Finds the hot keys of the right input in the client, before the join job: reads a sample of its
 * rows ({@link Tables#sample}: the first rows of up to {@link #SPLITS} evenly spaced splits, as
 * TeraSort and Hadoop's {@code InputSampler.SplitSampler} do) and keeps the keys that hold at
 * least a share of the sampled rows, the heaviest first. Rows whose key is null or malformed count
 * in the sample but are never hot.
 */
final class HotKeySampler {
  /** The most splits the sample reads from. */
  static final int SPLITS = 20;

  private HotKeySampler() {}

  /**
   * The hot keys of {@code inputs}' sample, heaviest first (ties: in key byte order).
   *
   * @param spec how the right side is read (the key columns suffice)
   * @param sampleRows about how many rows to read
   * @param share the share of the sampled rows that makes a key hot
   * @param maxKeys the most keys returned
   */
  static List<byte[]> find(Configuration conf, TableSpec spec, Path[] inputs, long sampleRows,
      double share, int maxKeys) throws IOException {
    KeyEncoder keys = new KeyEncoder(spec);
    Map<ByteBuffer, long[]> counts = new HashMap<>();
    long[] rows = {0};
    Progress.Every every = Progress.current().every(JoinWorkload.STEP_NANOS);
    Tables.sample(conf, spec, (file, position, row) -> {
      if (++rows[0] % JoinWorkload.SAMPLE_STEP_ROWS == 0) {
        every.step(() -> "sampling the right input for hot keys in the client: " + rows[0]
            + " rows read so far");
      }
      if (keys.encode(row) == KeyEncoder.Outcome.KEY) {
        counts.computeIfAbsent(ByteBuffer.wrap(keys.key()), k -> new long[1])[0]++;
      }
    }, sampleRows, SPLITS, inputs);
    double least = Math.max(1, share * rows[0]);
    List<Map.Entry<ByteBuffer, long[]>> hot = new ArrayList<>();
    for (Map.Entry<ByteBuffer, long[]> e : counts.entrySet()) {
      if (e.getValue()[0] >= least) {
        hot.add(e);
      }
    }
    hot.sort((a, b) -> {
      int c = Long.compare(b.getValue()[0], a.getValue()[0]);
      return c != 0 ? c : a.getKey().compareTo(b.getKey());
    });
    List<byte[]> out = new ArrayList<>();
    for (Map.Entry<ByteBuffer, long[]> e : hot.subList(0, Math.min(maxKeys, hot.size()))) {
      out.add(e.getKey().array());
    }
    return out;
  }
}
