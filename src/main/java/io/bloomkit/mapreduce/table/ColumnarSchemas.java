package io.bloomkit.mapreduce.table;

import io.bloomkit.core.key.KeyType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.mapred.FsInput;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.orc.Reader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;

/** {@link TableSchemas#resolve} for Avro, Parquet and ORC: fields and key types by column. */
final class ColumnarSchemas {
  private ColumnarSchemas() {}

  /** {@code spec} checked against {@code file}, the input's first non-empty file (null: none). */
  static TableSpec resolve(Configuration conf, TableSpec spec, Path file, boolean typesGiven)
      throws IOException {
    if (file == null) {
      return spec;
    }
    switch (spec.format()) {
      case AVRO:
        return check(spec, file, typesGiven, AvroColumns.TREE, avroSchema(conf, file),
            AvroColumns::keyType);
      case PARQUET:
        return check(spec, file, typesGiven, AvroColumns.TREE, parquetSchema(conf, file),
            AvroColumns::keyType);
      case ORC:
        try (Reader orc = OrcRows.open(file, conf)) {
          return check(spec, file, typesGiven, OrcColumns.TREE, orc.getSchema(),
              OrcColumns::keyType);
        }
      default:
        throw new IllegalArgumentException(spec.format().cliName() + " is not a columnar format");
    }
  }

  /** The Avro schema of the records of {@code file}, a file of columnar {@code format}. */
  static Schema recordSchema(Configuration conf, TableFormat format, Path file)
      throws IOException {
    switch (format) {
      case AVRO:
        return avroSchema(conf, file);
      case PARQUET:
        return parquetSchema(conf, file);
      case ORC:
        try (Reader orc = OrcRows.open(file, conf)) {
          return OrcAvro.toAvro(orc.getSchema(), "record");
        }
      default:
        throw new IllegalArgumentException(format.cliName() + " is not a columnar format");
    }
  }

  private static Schema avroSchema(Configuration conf, Path file) throws IOException {
    try (DataFileReader<GenericRecord> r =
        new DataFileReader<>(new FsInput(file, conf), new GenericDatumReader<>())) {
      return r.getSchema();
    }
  }

  /** A Parquet file's schema as parquet-avro reads it (see {@link ParquetRows}). */
  private static Schema parquetSchema(Configuration conf, Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(file, conf))) {
      FileMetaData meta = r.getFooter().getFileMetaData();
      Map<String, String> footer = new HashMap<>(meta.getKeyValueMetaData());
      return ParquetRows.avroSchema(conf, footer, meta.getSchema());
    }
  }

  private static <T> TableSpec check(TableSpec spec, Path file, boolean typesGiven,
      ColumnPaths.Tree<T> tree, T root, Function<T, KeyType> keyType) {
    if (tree.fieldNames(root) == null) {
      throw new IllegalArgumentException(
          file + " holds " + tree.describe(root) + " values, not rows of columns");
    }
    List<KeyType> types = new ArrayList<>();
    for (int i = 0; i < spec.fields().size(); i++) {
      String field = spec.fields().get(i);
      int[] path = ColumnPaths.resolve(tree, root, field, file);
      if (i >= spec.keyFieldCount() || typesGiven) {
        continue;
      }
      T type = ColumnPaths.type(tree, root, path);
      KeyType t = keyType.apply(type);
      if (t == null) {
        throw new IllegalArgumentException(
            "key column \"" + String.join(".", ColumnPaths.names(tree, root, path)) + "\" of "
                + file + " is a " + tree.describe(type) + ", which is no key type"
                + " (a floating-point value is not exact; a struct, list or map is not one value):"
                + " give --key-type (a join side: --left-key-type, --right-key-type) to read it"
                + " as that type (string: its text)");
      }
      types.add(t);
    }
    if (typesGiven) {
      return spec;
    }
    return spec.toBuilder().key(spec.fields().subList(0, spec.keyFieldCount()), types).build();
  }
}
