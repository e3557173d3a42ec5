package io.bloomkit.mapreduce.cli;

import static io.bloomkit.mapreduce.cli.BloomkitTool.flag;
import static io.bloomkit.mapreduce.cli.BloomkitTool.opt;

import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.table.HivePartitions;
import io.bloomkit.mapreduce.table.TableCodecs;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.Tables;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The input options every record-reading tool shares, and the {@link TableSpec} they make:
 * {@code --input-format} (join: {@code --left-format}, {@code --right-format}), {@code --key-type}
 * (join: {@code --left-key-type}, {@code --right-key-type}), {@code --null-token}, {@code
 * --empty-is-null}, {@code --csv-header}, {@code --csv-multiline}, {@code --partition-types}
 * (Hive-style partition directories: {@link HivePartitions}), with {@code --delimiter} of
 * {@link RecordFormat} (whose default, tab, is for text: CSV without {@code --delimiter} uses a
 * comma). Bad values are usage errors naming the option.
 */
public final class InputOptions {
  /** The largest 0-based field number a field option takes. */
  public static final int MAX_FIELD = (1 << 16) - 1;

  private InputOptions() {}

  /** One input's side: the options' names differ per side of a join. */
  public enum Side {
    /** A tool with one input: {@code --input-format}, {@code --key-type}. */
    ONE("input-format", "key-type"),
    LEFT("left-format", "left-key-type"),
    RIGHT("right-format", "right-key-type");

    final String formatOption;
    final String keyTypeOption;

    Side(String formatOption, String keyTypeOption) {
      this.formatOption = formatOption;
      this.keyTypeOption = keyTypeOption;
    }

    public String formatOption() {
      return formatOption;
    }

    public String keyTypeOption() {
      return keyTypeOption;
    }
  }

  /** Adds the options of {@code sides} and the shared null and CSV options to {@code o}. */
  public static Options add(Options o, Side... sides) {
    for (Side s : sides) {
      String which = s == Side.ONE ? "the input" : "the " + s.name().toLowerCase(java.util.Locale.ROOT) + " side";
      o.addOption(opt(s.formatOption, "FMT", "format of " + which
          + ": auto (default: from the first bytes of each file), text, csv, seqfile, avro,"
          + " parquet or orc"));
      o.addOption(opt(s.keyTypeOption, "TYPE[,TYPE...]", "key type of " + which
          + " per key field: string, long, decimal, date, timestamp, boolean or binary"
          + " (default: string for text and CSV, the column's type for avro, parquet, orc)"));
    }
    o.addOption(opt("null-token", "S", "text and CSV: a field equal to S is null (default \\N,"
        + " Hive's; \"\" for none)"));
    o.addOption(flag("empty-is-null", "text and CSV: an empty field is null"));
    o.addOption(flag("csv-header", "CSV: each file starts with a header row naming the columns"
        + " (skipped; fields may then be named)"));
    o.addOption(opt("partition-types", "NAME:TYPE[,...]", "types of Hive-style partition"
        + " columns (directories NAME=VALUE under an input), as --key-type takes them"
        + " (default: string)" + (sides.length > 1 ? "; for both sides" : "")));
    o.addOption(flag("csv-multiline", "CSV: read each file whole in one task, so quoted fields"
        + " may hold line breaks"));
    return o;
  }

  /**
   * The fields of a field option: a comma-separated list of 0-based indices (at most {@link
   * #MAX_FIELD}) or column names.
   *
   * @param dflt the value when the option is absent; null: the option is required
   */
  public static List<String> fields(CommandLine cl, String opt, String dflt) {
    return fields(opt, cl.getOptionValue(opt, dflt));
  }

  /**
   * The fields of the value {@code v} of option {@code opt} (named in messages), as {@link
   * #fields(CommandLine, String, String)}; null or blank: the option is required.
   */
  public static List<String> fields(String opt, String v) {
    if (v == null || v.trim().isEmpty()) {
      throw new UsageException("--" + opt + " is required");
    }
    List<String> out = new ArrayList<>();
    for (String part : v.split(",", -1)) {
      String f = part.trim();
      if (f.isEmpty()) {
        throw new UsageException("--" + opt + " has an empty field in \"" + v + "\"");
      }
      if (f.startsWith("-")) {
        throw new UsageException("--" + opt + ": key field must be 0-based, non-negative: " + f);
      }
      if (TableSpec.isIndex(f) && (f.length() > 5 || Integer.parseInt(f) > MAX_FIELD)) {
        throw new UsageException("--" + opt + ": field " + f
            + " is past the last field a record may have, " + MAX_FIELD);
      }
      out.add(f);
    }
    return out;
  }

  /**
   * The spec of one input: its format (detected when {@code auto}), the key fields and their types,
   * the other fields, the delimiter, null and CSV settings, checked against the input's files.
   *
   * @throws UsageException naming the option that is wrong
   */
  public static TableSpec spec(
      CommandLine cl, Configuration conf, Side side, Path[] inputs, List<String> keyFields,
      List<String> otherFields) throws IOException {
    String t = cl.getOptionValue(side.keyTypeOption);
    List<KeyType> types = t == null ? null : keyTypes(side.keyTypeOption, t, keyFields.size());
    return spec(cl, conf, side, inputs, keyFields, types, otherFields);
  }

  /**
   * Checks that each column {@code --partition-types} names is a partition column of one of the
   * inputs {@code specs} (a join's sides share the option, so each side checks only its own).
   *
   * @throws UsageException naming the column
   */
  public static void checkPartitionTypes(CommandLine cl, TableSpec... specs) {
    for (String name : HivePartitions.parseTypes("partition-types",
        cl.getOptionValue("partition-types")).keySet()) {
      boolean found = false;
      for (TableSpec s : specs) {
        found |= s.partitions().indexOf(name) >= 0;
      }
      if (!found) {
        throw new UsageException("--partition-types: \"" + name + "\" is a partition column of"
            + " no input");
      }
    }
  }

  /**
   * The key types of a value of a key-type option {@code opt} (named in messages): one per key
   * field, {@code fields} of them.
   *
   * @throws UsageException for an unknown type or another count
   */
  public static List<KeyType> keyTypes(String opt, String value, int fields) {
    List<KeyType> types = new ArrayList<>();
    for (String name : value.split(",", -1)) {
      try {
        types.add(KeyType.fromCliName(name.trim()));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--" + opt + ": " + e.getMessage());
      }
    }
    if (types.size() != fields) {
      throw new UsageException("--" + opt + " gives " + types.size()
          + " types for " + fields + " key fields");
    }
    return types;
  }

  /**
   * As {@link #spec(CommandLine, Configuration, Side, Path[], List, List)} with the key's types
   * given ({@code keyTypes}, one per key field) instead of read from the side's key-type option;
   * null: none given (the columns' types, else strings).
   */
  public static TableSpec spec(
      CommandLine cl, Configuration conf, Side side, Path[] inputs, List<String> keyFields,
      List<KeyType> keyTypes, List<String> otherFields) throws IOException {
    TableFormat format;
    try {
      format = TableFormat.parse(side.formatOption, cl.getOptionValue(side.formatOption, "auto"));
      if (format == null) {
        format = Tables.detect(conf, inputs);
      } else {
        Tables.checkEntries(conf, inputs); // dangling links and FIFOs, before any job
      }
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    List<KeyType> types = keyTypes == null ? List.of() : keyTypes;
    boolean csvHeader = cl.hasOption("csv-header");
    boolean csvMultiline = cl.hasOption("csv-multiline");
    if ((csvHeader || csvMultiline) && format != TableFormat.CSV && side != Side.RIGHT
        && side != Side.LEFT) {
      throw new UsageException("--" + (csvHeader ? "csv-header" : "csv-multiline")
          + " needs CSV input (--" + side.formatOption + " csv), but the input is "
          + format.cliName());
    }
    String token = cl.getOptionValue("null-token", TableSpec.HIVE_NULL);
    TableSpec spec =
        TableSpec.builder(format)
            .delimiter(format == TableFormat.CSV && !cl.hasOption("delimiter")
                ? ',' : RecordFormat.delimiter(cl))
            .key(keyFields, types)
            .otherFields(otherFields)
            .nullToken(token.isEmpty() ? null : token)
            .emptyIsNull(cl.hasOption("empty-is-null"))
            .csvHeader(csvHeader)
            .csvMultiline(csvMultiline)
            .build();
    // a codec bloomkit cannot decode: one line naming the file, exit 1, before any job
    TableCodecs.check(conf, format, inputs);
    try {
      return HivePartitions.resolve(conf, spec, inputs, keyTypes != null,
          HivePartitions.parseTypes("partition-types", cl.getOptionValue("partition-types")),
          "partition-types", side == Side.ONE);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
