package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.io.InputStream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.util.LineReader;

/**
 * Checks a {@link TableSpec}'s fields against its input before any job starts, and completes it:
 * text fields are 0-based indices; a name needs a format whose files name their columns (Avro,
 * Parquet, ORC, CSV with a header), and an unknown name fails listing the columns the file has.
 */
public final class TableSchemas {
  private TableSchemas() {}

  /**
   * The spec with its fields checked against the first file of {@code inputs} (and, for
   * self-describing formats, the key types taken from the key columns unless {@code typesGiven}).
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
        return ColumnarSchemas.resolve(conf, spec, firstFile(conf, inputs), typesGiven);
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
   * The Avro schema of whole records of the input ({@link Row#record}), from its first file that
   * is not empty: Avro's, Parquet's (as parquet-avro reads it) or ORC's ({@link OrcAvro#toAvro})
   * own; text: Hive's convention, one nullable string column per field of the first line, named
   * {@code _c0}, {@code _c1}, ... (a later line with fewer fields gets nulls for the missing ones,
   * extra fields are ignored, as Hive's LazySimpleSerDe reads them); no file, or only empty
   * ones: null.
   *
   * @throws IllegalArgumentException for a format whose rows are not records yet
   */
  public static Schema recordSchema(Configuration conf, TableSpec spec, Path... inputs)
      throws IOException {
    Path file = firstFile(conf, inputs);
    if (file == null) {
      return null;
    }
    switch (spec.format()) {
      case TEXT:
        return textSchema(conf, spec, file);
      case AVRO:
      case PARQUET:
      case ORC:
        return ColumnarSchemas.recordSchema(conf, spec.format(), file);
      default:
        throw new IllegalArgumentException(
            spec.format().cliName() + " rows cannot be written as records yet");
    }
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
    int n = TextRow.fields(first.toString(), spec.delimiter()).length;
    SchemaBuilder.FieldAssembler<Schema> fields =
        SchemaBuilder.record("record").namespace("io.bloomkit.text").fields();
    for (int i = 0; i < n; i++) {
      fields = fields.optionalString("_c" + i);
    }
    return fields.endRecord();
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
