package io.bloomkit.mapreduce.cli;

import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableOutputs;
import io.bloomkit.mapreduce.table.TableWriter;
import java.io.IOException;
import java.util.EnumSet;
import java.util.Locale;
import org.apache.avro.Schema;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;

/**
 * The output options of the tools that write records (join, dedup, icebergs): {@code
 * --output-format text|seqfile|avro|parquet|orc} (default text, the lines as ever), {@code
 * --output-delimiter D} (default tab: the field separator of text and SequenceFile lines) and
 * {@code --output-codec none|snappy|gzip|zstd} (Avro, Parquet and ORC's own codecs, as {@link
 * TableWriter#codec}; text and SequenceFile compress through Hadoop's {@code
 * mapreduce.output.fileoutputformat.compress} settings). Written through {@link TableOutputs}.
 */
public final class OutputOptions {
  /** The formats a tool writes. */
  static final EnumSet<TableFormat> FORMATS = EnumSet.of(TableFormat.TEXT, TableFormat.SEQFILE,
      TableFormat.AVRO, TableFormat.PARQUET, TableFormat.ORC);

  /** The output format, delimiter and codec a command line asks for. */
  public final TableFormat format;
  /** The field separator of text and SequenceFile lines. */
  public final String delimiter;
  /** The codec ({@link TableWriter#codec}'s name). */
  public final String codec;

  private OutputOptions(TableFormat format, String delimiter, String codec) {
    this.format = format;
    this.delimiter = delimiter;
    this.codec = codec;
  }

  /** Text output: the tool writes its lines as it always did. */
  public boolean text() {
    return format == TableFormat.TEXT;
  }

  /** Adds {@code --output-format}, {@code --output-delimiter} and {@code --output-codec}. */
  public static void add(Options o) {
    add(o, "text");
  }

  /**
   * As {@link #add(Options)}, {@code --help} giving {@code dflt} as the format's default (probe: a
   * columnar input's own format).
   */
  public static void add(Options o, String dflt) {
    o.addOption(BloomkitTool.opt("output-format", "FMT", "text, seqfile, avro, parquet or orc:"
        + " records of the output schema (docs/tools.md, Outputs); default " + dflt));
    o.addOption(BloomkitTool.opt("output-delimiter", "D", "field separator of text and seqfile"
        + " output lines (default tab; \\t or tab for a tab)"));
    o.addOption(BloomkitTool.opt("output-codec", "C", "avro, parquet, orc: none, snappy (default),"
        + " gzip or zstd; text and seqfile: none (compress them with -D"
        + " mapreduce.output.fileoutputformat.compress=true)"));
  }

  /** The output options of a command line; bad values are usage errors naming the option. */
  public static OutputOptions parse(CommandLine cl) {
    return parse(cl, TableFormat.TEXT);
  }

  /**
   * As {@link #parse(CommandLine)}, the format being {@code dflt} when {@code --output-format} is
   * absent (probe: a columnar input's own format).
   */
  public static OutputOptions parse(CommandLine cl, TableFormat dflt) {
    TableFormat format = dflt;
    String f = cl.getOptionValue("output-format");
    if (f != null) {
      try {
        format = TableFormat.valueOf(f.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        format = null;
      }
      if (format == null || !FORMATS.contains(format)) {
        throw new UsageException("--output-format must be text, seqfile, avro, parquet or orc, got \""
            + f + "\"");
      }
    }
    String d = cl.getOptionValue("output-delimiter", "\t");
    if (d.equals("\\t") || d.equalsIgnoreCase("tab")) {
      d = "\t";
    }
    if (d.isEmpty() || d.indexOf('\n') >= 0 || d.indexOf('\r') >= 0) {
      throw new UsageException(
          "--output-delimiter must be non-empty and hold no line break, got \"" + d + "\"");
    }
    String codec;
    try {
      codec = TableWriter.codec(format, cl.getOptionValue("output-codec"));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--output-codec " + cl.getOptionValue("output-codec")
          + ": " + format.name().toLowerCase(Locale.ROOT) + " output takes "
          + (format.selfDescribing() ? "none, snappy, gzip or zstd"
              : "none (compress text with -D mapreduce.output.fileoutputformat.compress=true)"));
    }
    return new OutputOptions(format, d, codec);
  }

  /**
   * Sets {@code job}'s output format for records of {@code schema} ({@link TableOutputs#configure})
   * and the line delimiter; the tasks write through {@link TableOutputs#writer}.
   */
  public void configure(Job job, Schema schema) {
    TableOutputs.configure(job, format, schema, codec);
    job.getConfiguration().set(TableOutputs.DELIMITER, delimiter);
  }

  /**
   * {@link #configure} for a job writing into {@code dir} that creates a part file only when a
   * task writes a record ({@link LazyOutputFormat}, as the tools' text output).
   */
  public void lazyOutput(Job job, Schema schema, Path dir) throws IOException {
    configure(job, schema);
    try {
      LazyOutputFormat.setOutputFormatClass(job, job.getOutputFormatClass());
    } catch (ClassNotFoundException e) {
      throw new IOException(e);
    }
    FileOutputFormat.setOutputPath(job, dir);
  }
}
