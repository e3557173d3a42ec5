package io.bloomkit.mapreduce.generate;

import static io.bloomkit.mapreduce.cli.BloomkitTool.doubleValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.numberOpt;
import static io.bloomkit.mapreduce.cli.BloomkitTool.opt;
import static io.bloomkit.mapreduce.cli.BloomkitTool.required;

import io.bloomkit.data.TpchDataGenerator;
import io.bloomkit.mapreduce.config.UsageException;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** {@code generate tpch}: a TPC-H table as dbgen's pipe-delimited lines (see {@link TpchDataGenerator}). */
final class TpchGeneration implements Generation {
  private final double scale;
  private final double fraction;
  private final TpchDataGenerator generator;

  static Options options() {
    Options o = new Options();
    o.addOption(Dataset.scale());
    o.addOption(opt("table", "NAME", "tpch: table: " + String.join(", ", tableNames())));
    o.addOption(numberOpt("orders-fraction", "F", "tpch orders: keep the orders whose mixed"
        + " o_orderkey hash falls below F, about F of them (default 1)"));
    return o;
  }

  private static List<String> tableNames() {
    try {
      return TpchDataGenerator.tableNames();
    } catch (LinkageError e) { // tpch classes missing from the classpath: still print usage
      return Arrays.asList(
          "orders", "lineitem", "customer", "part", "partsupp", "supplier", "nation", "region");
    }
  }

  TpchGeneration(CommandLine cl) {
    scale = doubleValue(cl, "scale", 0);
    String table = required(cl, "table");
    if (!cl.hasOption("scale") || !(scale > 0)) {
      throw new UsageException("--scale must be given and positive");
    }
    fraction = doubleValue(cl, "orders-fraction", 1);
    try {
      TpchDataGenerator g = TpchDataGenerator.of(table, scale);
      generator = cl.hasOption("orders-fraction") ? g.withOrdersFraction(fraction) : g;
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  @Override
  public char delimiter() {
    return TpchDataGenerator.DELIMITER;
  }

  @Override
  public Schema schema(String dataset) {
    return TypedRows.tpch(dataset);
  }

  @Override
  public void describe(Map<String, Object> r) {
    r.put("table", generator.tableName());
    r.put("scale", scale);
    r.put("ordersFraction", fraction);
  }

  @Override
  public void write(PartFiles files, int parts, Map<String, Object> r) throws IOException {
    r.put("rows", generator.write(files, parts));
    r.put("bytes", files.bytes());
  }
}
