package io.bloomkit.mapreduce.generate;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableWriter;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.Path;

/**
 * {@code generate tpch|tpcds|patents|clicks ...}: writes benchmark inputs through Hadoop's {@link
 * org.apache.hadoop.fs.FileSystem} (the local file system or HDFS, per {@code -fs}), as {@code
 * part-NNNNN} files. The data logic
 * lives in {@link io.bloomkit.data}; each {@link Dataset} has its own options and {@link
 * Generation}, this tool only parses, plans, opens files and reports.
 *
 * <ul>
 *   <li>{@code generate tpch --scale S --table NAME --out DIR [--parts P] [--orders-fraction F]}:
 *       a TPC-H table as dbgen's pipe-delimited lines in {@code DIR/part-*}; {@code
 *       --orders-fraction} keeps about F of the orders (see {@link
 *       io.bloomkit.data.TpchDataGenerator}).
 *   <li>{@code generate tpcds --scale S --out DIR [--tables T1,T2,...] [--parts P]}: TPC-DS
 *       tables (default store_sales, date_dim, item, store) as dsdgen's pipe-delimited lines in
 *       {@code DIR/<table>/part-*} (see {@link io.bloomkit.data.TpcdsDataGenerator}).
 *   <li>{@code generate patents --out DIR [--patents P] [--citations C] [--keys K] [--seed S]
 *       [--parts N] [--datasets patents,citations,keys]}: NBER-shaped data (see {@link
 *       io.bloomkit.data.PatentDataGenerator}) in {@code DIR/patents/}, {@code DIR/citations/},
 *       {@code DIR/keys/}; the defaults are the sizes of the paper's files.
 *   <li>{@code generate clicks --out DIR [--records N] [--duplicate-share F] [--ads A] [--alpha Z]
 *       [--hours H] [--seed S] [--parts P]}: an ad-click log {@code time,click,ad,weight,importance}
 *       for {@code dedup} (key field 1, time field 0) and {@code icebergs} (key field 2, weight
 *       field 3), see {@link io.bloomkit.data.ClickLogGenerator}; parts are contiguous time ranges.
 * </ul>
 *
 * Every dataset takes {@code --format text|csv|seqfile|avro|parquet|orc} (default text: the lines
 * above, as they always were) and {@code --codec}: the same rows as typed records of the dataset's
 * named columns ({@link TypedRows}) in {@code part-NNNNN.csv} (.avro, .parquet, .orc), written by
 * {@link io.bloomkit.mapreduce.table.TableWriter}.
 *
 * <p>An option of another dataset is a usage error. The output directory must not exist (usage error
 * otherwise); it is checked after every option. On the local file system no {@code .crc} side
 * files are written.
 */
public final class GenerateTool extends BloomkitTool {
  @Override
  public String name() {
    return "generate";
  }

  @Override
  public String description() {
    return "Generate inputs: 'tpch' (a TPC-H table, dbgen lines), 'tpcds' (TPC-DS tables, dsdgen"
        + " lines), 'patents' (NBER-shaped"
        + " patents, citations and key patents, seeded) or 'clicks' (an ad-click log with re-sent"
        + " clicks and Zipf ads, seeded).";
  }

  @Override
  protected String argsSyntax() {
    return "tpch|tpcds|patents|clicks";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("out", "DIR", "output directory, must not exist (required)"));
    o.addOption(integerOpt("parts", "N", "part files per dataset (default 1)"));
    o.addOption(opt("format", "FMT", "text|csv|seqfile|avro|parquet|orc: the rows as text lines"
        + " (default, as always), or typed records of the dataset's columns in part-NNNNN.csv,"
        + " .avro, .parquet, .orc (see docs/tools.md)"));
    o.addOption(opt("codec", "C", "avro, parquet, orc: none|snappy|gzip|zstd"
        + " (default snappy)"));
    for (Option d : Dataset.allOptions().getOptions()) {
      o.addOption(d);
    }
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    Dataset dataset = Dataset.of(cl.getArgList()); // parse
    dataset.refuseOthers(cl);
    int parts = intValue(cl, "parts", 1, 1);
    required(cl, "out");
    TableFormat format;
    String codec;
    try {
      format = TableFormat.parse("format", cl.getOptionValue("format", "text"));
      if (format == null) {
        throw new IllegalArgumentException("--format auto applies to inputs, not to generate");
      }
      codec = TableWriter.codec(format, cl.getOptionValue("codec"));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    long start = System.nanoTime();
    Generation plan = dataset.plan(cl); // plan: every option checked, the generator made
    Path out = absentPath(required(cl, "out"), "output"); // run
    PartFiles files = new PartFiles(getConf(), out, plan.subdirectories(), format, codec, plan);
    Map<String, Object> r = result();
    r.put("generator", dataset.toString()); // report
    plan.describe(r);
    r.put("output", files.qualified());
    r.put("parts", parts);
    plan.write(files, parts, r);
    r.put("seconds", (System.nanoTime() - start) / 1e9);
    return r;
  }

  public static void main(String[] args) {
    main(new GenerateTool(), args);
  }
}
