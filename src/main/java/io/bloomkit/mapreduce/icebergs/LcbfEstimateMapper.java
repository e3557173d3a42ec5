package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.lcbf.LinkedCountingBloomFilter;
import io.bloomkit.mapreduce.common.CacheFiles;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.CacheLinks;
import io.bloomkit.mapreduce.config.IcebergCounters;
import io.bloomkit.registry.Filters;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Icebergs {@code lcbf} job 2, map side: step 3 of the icebergs paper for every split at once.
 * Reads one split's (key, local total) pairs from job 1 and loads the linked counting filters of
 * all the other splits (shipped through the DistributedCache; its own, {@code <its file>.lcbf},
 * is skipped). A local iceberg (total at least T) is emitted with its total; any other key's
 * global frequency is estimated as its own total plus the frequency each other filter matches for
 * it (0 where none), and the key is emitted with that estimate when it reaches T.
 *
 * <p>Unlike the paper's gossip walk the splits do not take turns: each estimates from the others'
 * filters in parallel, so no filter is updated or has icebergs removed (the estimate of a key is
 * what the walk would add up for it, false matches aside). Memory: every other split's filter,
 * decoded, about (4 m + 24 values) bytes each: some 110 bytes per stored total at m/n = 10, k = 3.
 */
public class LcbfEstimateMapper extends Mapper<Text, LongWritable, Text, LongWritable> {
  private long threshold;
  private KeyText keyText;
  private final List<LinkedCountingBloomFilter> others = new ArrayList<>();
  private final LongWritable value = new LongWritable();

  @Override
  protected void setup(Context context) throws IOException {
    threshold = BloomkitConfig.ICEBERG_THRESHOLD.getLong(context.getConfiguration());
    keyText = KeyText.fromConf(context.getConfiguration());
    String own = inputFileName(context.getInputSplit()) + LcbfFilters.SUFFIX;
    for (CacheFiles.Shipped f : CacheFiles.list(context, CacheLinks.LCBF_PREFIX)) {
      if (f.name.equals(own)) {
        continue;
      }
      long length = f.length();
      CountingInput in = new CountingInput(f.open());
      try (in) {
        others.add(
            FilterFiles.named(f.location(), () -> Filters.read(in, length, LinkedCountingBloomFilter.class)));
      }
      context.getCounter(IcebergCounters.FILTERS_LOADED).increment(1);
      context.getCounter(IcebergCounters.FILTER_BYTES_LOADED).increment(in.bytes);
    }
  }

  /** The name of the split's file (job 1's {@code part-m-NNNNN}); its filter is not loaded. */
  protected String inputFileName(InputSplit split) {
    return split instanceof FileSplit ? ((FileSplit) split).getPath().getName() : "";
  }

  @Override
  protected void map(Text key, LongWritable total, Context context)
      throws IOException, InterruptedException {
    long estimate = total.get();
    if (estimate < threshold && !others.isEmpty()) {
      KeyHash h = LcbfFilters.hash(key.getBytes(), key.getLength());
      try {
        for (LinkedCountingBloomFilter f : others) {
          estimate = TotalOverflowException.plus(
              estimate, f.frequency(h), key.getBytes(), key.getLength(), keyText);
        }
      } catch (TotalOverflowException e) {
        throw TotalOverflowException.left(context, e);
      }
    }
    if (estimate >= threshold) {
      value.set(estimate);
      context.write(key, value);
    }
  }

  /** Counts the bytes read through it. */
  private static final class CountingInput extends java.io.FilterInputStream {
    long bytes;

    CountingInput(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        bytes++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        bytes += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long s = super.skip(n);
      bytes += s;
      return s;
    }
  }
}
