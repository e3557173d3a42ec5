package io.bloomkit.mapreduce.generate;

import static io.bloomkit.mapreduce.cli.BloomkitTool.intValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.integerOpt;
import static io.bloomkit.mapreduce.cli.BloomkitTool.longValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.opt;

import io.bloomkit.data.PatentDataGenerator;
import io.bloomkit.mapreduce.config.UsageException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code generate patents}: NBER-shaped patents, citations and key patents (see {@link
 * PatentDataGenerator}), each dataset in its own subdirectory; the defaults are the sizes of the
 * paper's files.
 */
final class PatentsGeneration implements Generation {
  /** The datasets, in the order they are always written. */
  private static final List<String> DATASETS = List.of(
      PatentDataGenerator.PATENTS, PatentDataGenerator.CITATIONS, PatentDataGenerator.KEYS);

  private final long seed;
  private final List<String> datasets;
  private final PatentDataGenerator generator;

  static Options options() {
    Options o = new Options();
    o.addOption(integerOpt("patents", "P",
        "patents: number of patents (default " + PatentDataGenerator.DEFAULT_PATENTS + ")"));
    o.addOption(integerOpt("citations", "C",
        "patents: number of citations (default " + PatentDataGenerator.DEFAULT_CITATIONS + ")"));
    o.addOption(integerOpt("keys", "K",
        "patents: number of key patents (default " + PatentDataGenerator.DEFAULT_KEYS + ")"));
    o.addOption(opt("datasets", "LIST",
        "patents: which of patents,citations,keys to write (default all three)"));
    o.addOption(Dataset.seed());
    return o;
  }

  PatentsGeneration(CommandLine cl) {
    int patents = intValue(cl, "patents", PatentDataGenerator.DEFAULT_PATENTS, 1);
    long citations = longValue(cl, "citations", PatentDataGenerator.DEFAULT_CITATIONS, 0);
    int keys = intValue(cl, "keys", PatentDataGenerator.DEFAULT_KEYS, 0);
    seed = longValue(cl, "seed", PatentDataGenerator.DEFAULT_SEED, Long.MIN_VALUE);
    datasets = datasets(cl.getOptionValue("datasets"));
    try {
      generator = new PatentDataGenerator(patents, citations, keys, seed);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** The datasets of {@code --datasets} (null: all), in the canonical order. */
  private static List<String> datasets(String csv) {
    if (csv == null) {
      return DATASETS;
    }
    List<String> chosen = new ArrayList<>();
    for (String s : csv.split(",")) {
      if (!DATASETS.contains(s.trim())) {
        throw new UsageException(
            "--datasets: unknown dataset '" + s.trim() + "', expected " + DATASETS);
      }
      chosen.add(s.trim());
    }
    List<String> ordered = new ArrayList<>(DATASETS);
    ordered.retainAll(chosen);
    return ordered;
  }

  @Override
  public boolean subdirectories() {
    return true;
  }

  @Override
  public char delimiter() {
    return ',';
  }

  @Override
  public Schema schema(String dataset) {
    return dataset.equals(PatentDataGenerator.CITATIONS)
        ? TypedRows.citations()
        : TypedRows.patents();
  }

  @Override
  public void describe(Map<String, Object> r) {
    r.put("seed", seed);
  }

  @Override
  public void write(PartFiles files, int parts, Map<String, Object> r) throws IOException {
    for (String d : datasets) {
      long before = files.bytes();
      long lines;
      if (d.equals(PatentDataGenerator.PATENTS)) {
        lines = generator.writePatents(files, parts);
      } else if (d.equals(PatentDataGenerator.CITATIONS)) {
        lines = generator.writeCitations(files, parts);
      } else {
        lines = generator.writeKeys(files, parts);
      }
      Map<String, Object> ds = new LinkedHashMap<>();
      ds.put("path", files.qualified(d));
      ds.put("lines", lines);
      ds.put("bytes", files.bytes() - before);
      r.put(d, ds);
    }
  }
}
