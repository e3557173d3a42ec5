package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.util.LineReader;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Checks a {@link TableSpec}'s fields against its input before any job starts, and completes it:
 * text fields are 0-based indices; a name needs a format whose files name their columns (Avro,
 * Parquet, ORC, CSV with a header), and an unknown name fails listing the columns the file has.
 */
public final class TableSchemas {
  private TableSchemas() {}

  /**
   * The spec with its fields checked against the first file of {@code inputs} (for
   * self-describing formats, every file, and the key types taken from the key columns unless
   * {@code typesGiven}; see {@link ColumnarSchemas#resolve}).
   *
   * @throws IllegalArgumentException naming the field and the file
   */
  public static TableSpec resolve(
      Configuration conf, TableSpec spec, Path[] inputs, boolean typesGiven) throws IOException {
    switch (spec.format()) {
      case TEXT:
        requireIndices(spec);
        return spec;
      case AVRO:
      case PARQUET:
      case ORC:
        return ColumnarSchemas.resolve(conf, spec, nonEmptyFiles(conf, inputs), typesGiven);
      case CSV:
        return resolveCsv(conf, spec, inputs);
      case SEQFILE:
        SeqRows.check(conf, spec, firstFile(conf, inputs));
        return spec;
      default:
        throw new IllegalArgumentException(
            spec.format().cliName() + " input is not readable yet");
    }
  }

  /**
   * The Avro schema of whole records of the input ({@link Row#record}): Avro's, Parquet's (as
   * parquet-avro reads it) or ORC's ({@link OrcAvro#toAvro}) own, those of all its files that
   * are not empty merged by Spark's rule ({@link SchemaMerge}). Text: Hive's convention, one nullable string column per field of the first line, named
   * {@code _c0}, {@code _c1}, ... (a later line with fewer fields gets nulls for the missing ones,
   * extra fields are ignored, as Hive's LazySimpleSerDe reads them). CSV: the same, one column
   * per field of the first file's first record that is not malformed for its own sake (not
   * blank, UTF-8, CSV), or with {@code --csv-header} per column of the files' headers, named
   * after it ({@link #csvColumnNames}): the columns of every file by name, in the order first
   * met (a file whose header orders them differently is read by name; a column its header lacks
   * is null, as Spark reads such files). SequenceFile: its key and value as Hadoop wrote them ({@link
   * SeqRow#recordSchema}; fields given as numbers split the Text value, counted on the first
   * record). No file, or no record to count the columns on: null. Hive-style partition columns
   * ({@link HivePartitions}) follow the file's columns.
   */
  public static Schema recordSchema(Configuration conf, TableSpec spec, Path... inputs)
      throws IOException {
    if (!spec.partitions().isEmpty()) { // the files' columns, then the partition columns
      return spec.partitions().appendTo(
          recordSchema(conf, PartitionedRows.fileSpec(spec), inputs), "the input");
    }
    Path file = firstFile(conf, inputs);
    if (file == null) {
      return null;
    }
    if (spec.format().selfDescribing()) {
      return ColumnarSchemas.recordSchema(conf, spec.format(), nonEmptyFiles(conf, inputs));
    }
    switch (spec.format()) {
      case TEXT:
        return textSchema(conf, spec, file);
      case CSV:
        return csvSchema(conf, spec, inputs);
      case SEQFILE:
        return seqSchema(conf, spec, inputs);
      default:
        throw new IllegalArgumentException(
            spec.format().cliName() + " rows cannot be written as records");
    }
  }

  private static Schema csvSchema(Configuration conf, TableSpec spec, Path[] inputs)
      throws IOException {
    java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
    for (org.apache.hadoop.fs.FileStatus f : Tables.list(conf, inputs)) {
      if (f.getLen() == 0) {
        continue;
      }
      List<String> first =
          CsvRows.firstRecord(conf, f.getPath(), spec.delimiter(), spec.csvHeader());
      if (first != null) {
        if (!spec.csvHeader()) {
          return stringColumns("io.bloomkit.csv", hiveNames(first.size()));
        }
        names.addAll(csvColumnNames(first)); // every file's columns, by name
      }
    }
    return names.isEmpty() ? null : stringColumns("io.bloomkit.csv", new ArrayList<>(names));
  }

  /**
   * The column names of a CSV header as valid Avro names: {@link OrcAvro#avroName} ({@code first
   * name} is {@code first_name}, {@code 2x} is {@code _2x}), an empty name {@code _cI} (Hive's
   * and Spark's name of column I), a name already taken gets {@code _I} appended (Spark's rule
   * for duplicate header names, with a separator) until it is free.
   */
  static List<String> csvColumnNames(List<String> header) {
    List<String> out = new ArrayList<>();
    Set<String> taken = new HashSet<>();
    for (int i = 0; i < header.size(); i++) {
      String name = header.get(i).isEmpty() ? "_c" + i : OrcAvro.avroName(header.get(i));
      while (!taken.add(name)) {
        name = name + "_" + i;
      }
      out.add(name);
    }
    return out;
  }

  private static Schema seqSchema(Configuration conf, TableSpec spec, Path[] inputs)
      throws IOException {
    boolean split = new SeqRow(spec).readsValue();
    for (org.apache.hadoop.fs.FileStatus f : Tables.list(conf, inputs)) {
      if (f.getLen() == 0) {
        continue;
      }
      try (SequenceFile.Reader in =
          new SequenceFile.Reader(conf, SequenceFile.Reader.file(f.getPath()))) {
        if (!split) {
          return SeqRow.recordSchema(in.getKeyClass(), in.getValueClass(), -1);
        }
        Writable key = (Writable) ReflectionUtils.newInstance(in.getKeyClass(), conf);
        Writable value = (Writable) ReflectionUtils.newInstance(in.getValueClass(), conf);
        if (in.next(key, value)) {
          return SeqRow.recordSchema(in.getKeyClass(), in.getValueClass(),
              TextRow.fields(value.toString(), spec.delimiter()).length);
        }
      }
    }
    return null;
  }

  /** {@code _c0} ... {@code _c(n-1)}: Hive's names of the columns of a table without names. */
  private static List<String> hiveNames(int n) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      names.add("_c" + i);
    }
    return names;
  }

  /** A record of one nullable string column per name. */
  private static Schema stringColumns(String namespace, List<String> names) {
    SchemaBuilder.FieldAssembler<Schema> fields =
        SchemaBuilder.record("record").namespace(namespace).fields();
    for (String n : names) {
      fields = fields.optionalString(n);
    }
    return fields.endRecord();
  }

  /**
   * CSV: the delimiter can be used, and a name needs {@code --csv-header} and must be a column of
   * the header of the first file that is not empty.
   */
  private static TableSpec resolveCsv(Configuration conf, TableSpec spec, Path[] inputs)
      throws IOException {
    CsvRow.format(spec.delimiter());
    if (!CsvRows.needsHeader(spec)) {
      return spec;
    }
    if (!spec.csvHeader()) {
      requireIndices(spec);
    }
    for (org.apache.hadoop.fs.FileStatus file : Tables.list(conf, inputs)) {
      java.util.List<String> header = CsvRows.header(conf, file.getPath(), spec.delimiter());
      if (header == null) {
        continue; // an empty file: no header, no records
      }
      for (String f : spec.fields()) {
        String problem =
            TableSpec.isIndex(f) ? null : CsvRows.unknownColumn(f, header, file.getPath());
        if (problem != null) {
          throw new IllegalArgumentException(problem);
        }
      }
      break;
    }
    return spec;
  }

  /** The files {@code inputs} stand for ({@link Tables#list}) that are not empty. */
  private static List<Path> nonEmptyFiles(Configuration conf, Path[] inputs) throws IOException {
    List<Path> out = new ArrayList<>();
    for (org.apache.hadoop.fs.FileStatus f : Tables.list(conf, inputs)) {
      if (f.getLen() > 0) {
        out.add(f.getPath());
      }
    }
    return out;
  }

  /** The first file {@code inputs} stand for ({@link Tables#list}) that is not empty, or null. */
  private static Path firstFile(Configuration conf, Path[] inputs) throws IOException {
    for (org.apache.hadoop.fs.FileStatus f : Tables.list(conf, inputs)) {
      if (f.getLen() > 0) {
        return f.getPath();
      }
    }
    return null;
  }

  private static Schema textSchema(Configuration conf, TableSpec spec, Path file)
      throws IOException {
    Text first = new Text();
    CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(file);
    FileSystem fs = file.getFileSystem(conf);
    try (InputStream raw = fs.open(file);
        LineReader lines = new LineReader(codec == null ? raw : codec.createInputStream(raw))) {
      lines.readLine(first);
    }
    return stringColumns("io.bloomkit.text",
        hiveNames(TextRow.fields(first.toString(), spec.delimiter()).length));
  }

  private static void requireIndices(TableSpec spec) {
    for (String f : spec.fields()) {
      if (!TableSpec.isIndex(f)) {
        throw new IllegalArgumentException(
            "field \"" + f + "\" is a name, but " + spec.format().cliName()
                + " records have no column names: give a 0-based field number"
                + (spec.format() == TableFormat.TEXT
                    ? " (or read the input as csv with --csv-header)"
                    : spec.format() == TableFormat.CSV
                        ? " (or give --csv-header if each file's first record names the columns)"
                        : ""));
      }
    }
  }
}
