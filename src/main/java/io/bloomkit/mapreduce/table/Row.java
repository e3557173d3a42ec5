package io.bloomkit.mapreduce.table;

import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.Text;

/**
 * One record as {@link TableInputFormat} hands it to a mapper: the fields its {@link TableSpec}
 * asks for (by slot: the key's fields first), or why the record cannot be read. The reader reuses
 * one row object per task: copy what you keep.
 *
 * <p>Values are plain Java objects whatever the format: {@code String}; {@code Long} (every
 * integer width); {@code Double} (float and double); {@code java.math.BigDecimal}; {@code
 * java.time.LocalDate}; {@code java.time.Instant}; {@code Boolean}; {@code byte[]}; and null for
 * SQL null (in text and CSV: the null token, or an empty field with {@code --empty-is-null}).
 * Text and CSV fields are strings.
 */
public abstract class Row {
  /**
   * Why the record cannot be read (a blank line, a missing field, a field that is not UTF-8, a
   * CSV syntax error), or null when it can: a record with a problem is malformed, and its values
   * are not defined.
   */
  public abstract String problem();

  /** The value of slot {@code slot} ({@link TableSpec#fields} order), null for SQL null. */
  public abstract Object value(int slot);

  /**
   * The record as one line of text output: a text input's line as read (byte for byte), any other
   * format's fields in schema order joined by the delimiter, null as {@code \N}.
   */
  public abstract Text line();

  /**
   * The whole record as an Avro record of {@code schema} ({@link TableSchemas#recordSchema} of
   * the input): an Avro or Parquet row's own record, an ORC row converted ({@link OrcAvro#toAvro});
   * a text or CSV row's fields as strings (null token and empty-is-null applied; in CSV a quoted
   * field is never null), a field beyond the schema's ignored and a missing one null, as Hive's
   * LazySimpleSerDe; a SequenceFile row's key and value (or the value's fields) typed as Hadoop
   * wrote them. The record may be reused. Only for a row without a {@link #problem}.
   */
  public abstract GenericRecord record(Schema schema);

  /**
   * A new row reading {@code line} as a text record of {@code spec} (whose fields are 0-based
   * field numbers), as the text reader would: for tests and client-side parsing. The line is
   * copied.
   */
  public static Row ofLine(TableSpec spec, Text line) {
    TextRow row = new TextRow(spec);
    row.set(new Text(line));
    return row;
  }
}
