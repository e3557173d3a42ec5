package io.bloomkit.mapreduce.generate;

import static io.bloomkit.mapreduce.cli.BloomkitTool.doubleValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.intValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.integerOpt;
import static io.bloomkit.mapreduce.cli.BloomkitTool.longValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.numberOpt;

import io.bloomkit.data.ClickLogGenerator;
import io.bloomkit.mapreduce.config.UsageException;
import java.io.IOException;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code generate clicks}: an ad-click log {@code time,click,ad,weight,importance} (see {@link
 * ClickLogGenerator}); parts are contiguous time ranges.
 */
final class ClicksGeneration implements Generation {
  private final long seed;
  private final int ads;
  private final double alpha;
  private final ClickLogGenerator generator;

  static Options options() {
    Options o = new Options();
    o.addOption(integerOpt("records", "N",
        "clicks: lines (default " + ClickLogGenerator.DEFAULT_RECORDS + ")"));
    o.addOption(numberOpt("duplicate-share", "F",
        "clicks: share of lines that re-send an earlier click, in [0, 1) (default "
            + ClickLogGenerator.DEFAULT_DUPLICATE_SHARE + ")"));
    o.addOption(integerOpt("ads", "A",
        "clicks: distinct ads (default " + ClickLogGenerator.DEFAULT_ADS + ")"));
    o.addOption(numberOpt("alpha", "Z", "clicks: Zipf exponent of re-sends (by recency) and of ads"
        + " (default " + ClickLogGenerator.DEFAULT_ALPHA + ")"));
    o.addOption(integerOpt("hours", "H", "clicks: time span in hours, times in seconds (default "
        + ClickLogGenerator.DEFAULT_HOURS + ")"));
    o.addOption(Dataset.seed());
    return o;
  }

  ClicksGeneration(CommandLine cl) {
    long records = longValue(cl, "records", ClickLogGenerator.DEFAULT_RECORDS, 1);
    double share = doubleValue(cl, "duplicate-share", ClickLogGenerator.DEFAULT_DUPLICATE_SHARE);
    ads = intValue(cl, "ads", ClickLogGenerator.DEFAULT_ADS, 1);
    alpha = doubleValue(cl, "alpha", ClickLogGenerator.DEFAULT_ALPHA);
    int hours = intValue(cl, "hours", ClickLogGenerator.DEFAULT_HOURS, 1);
    seed = longValue(cl, "seed", ClickLogGenerator.DEFAULT_SEED, Long.MIN_VALUE);
    try {
      generator = new ClickLogGenerator(records, share, ads, alpha, hours, seed);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  @Override
  public char delimiter() {
    return ',';
  }

  @Override
  public Schema schema(String dataset) {
    return TypedRows.clicks();
  }

  @Override
  public void describe(Map<String, Object> r) {
    r.put("seed", seed);
  }

  @Override
  public void write(PartFiles files, int parts, Map<String, Object> r) throws IOException {
    r.put("records", generator.write(files, parts));
    r.put("distinctClicks", generator.distinctClicks());
    r.put("duplicates", generator.repeats());
    r.put("ads", ads);
    r.put("alpha", alpha);
    r.put("spanSeconds", generator.spanSeconds());
    r.put("bytes", files.bytes());
  }
}
