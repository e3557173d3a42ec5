package io.bloomkit.mapreduce.generate;

import static io.bloomkit.mapreduce.cli.BloomkitTool.doubleValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.opt;

import io.bloomkit.data.TpcdsDataGenerator;
import io.bloomkit.mapreduce.config.UsageException;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code generate tpcds}: TPC-DS tables as dsdgen's pipe-delimited lines (see {@link
 * TpcdsDataGenerator}), each table in its own subdirectory of the output.
 */
final class TpcdsGeneration implements Generation {
  private final TpcdsDataGenerator generator;

  static Options options() {
    Options o = new Options();
    o.addOption(Dataset.scale());
    o.addOption(opt("tables", "LIST", "tpcds: comma-separated TPC-DS tables, each in DIR/<table>"
        + " (default " + String.join(",", TpcdsDataGenerator.DEFAULT_TABLES) + ")"));
    return o;
  }

  TpcdsGeneration(CommandLine cl) {
    double scale = doubleValue(cl, "scale", 0);
    if (!cl.hasOption("scale") || !(scale > 0)) {
      throw new UsageException("--scale must be given and positive");
    }
    String tables = cl.getOptionValue("tables");
    try {
      generator = TpcdsDataGenerator.of(tables == null
          ? TpcdsDataGenerator.DEFAULT_TABLES
          : Arrays.asList(tables.split(",", -1)), scale);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--tables, --scale: " + e.getMessage());
    }
  }

  @Override
  public boolean subdirectories() {
    return true;
  }

  @Override
  public char delimiter() {
    return TpcdsDataGenerator.DELIMITER;
  }

  @Override
  public Schema schema(String dataset) {
    return TypedRows.tpcds(dataset);
  }

  @Override
  public void describe(Map<String, Object> r) {
    r.put("scale", generator.scale());
  }

  @Override
  public void write(PartFiles files, int parts, Map<String, Object> r) throws IOException {
    for (String t : generator.tables()) {
      long before = files.bytes();
      long rows = generator.write(t, files, parts);
      Map<String, Object> table = new LinkedHashMap<>();
      table.put("path", files.qualified(t));
      table.put("rows", rows);
      table.put("bytes", files.bytes() - before);
      r.put(t, table);
    }
  }
}
