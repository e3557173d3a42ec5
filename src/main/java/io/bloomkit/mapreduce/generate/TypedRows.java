package io.bloomkit.mapreduce.generate;

import io.bloomkit.mapreduce.table.TableWriter;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import io.trino.tpcds.column.ColumnType;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchTable;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Locale;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * The typed rows {@code generate --format csv|avro|parquet|orc|seqfile} writes: each generated text
 * line parsed by its dataset's schema (docs/tools.md lists them), so every format holds exactly
 * the rows of the text output.
 *
 * <ul>
 *   <li>TPC-H: the spec's column names ({@code o_orderkey}, ...); identifiers {@code long},
 *       integers ({@code l_linenumber}, {@code p_size}, {@code ps_availqty}, {@code
 *       o_shippriority}) {@code int}, money and quantities {@code decimal(15,2)} (the spec's
 *       decimal, as Avro's decimal logical type on bytes), dates Avro {@code date}, text {@code
 *       string}.
 *   <li>patents and keys: {@code patent, gyear, gdate, appyear} ({@code long}), {@code country}
 *       ({@code string}), {@code claims, nclass, cat} ({@code long}); citations: {@code citing,
 *       cited} ({@code long}).
 *   <li>clicks: {@code time} ({@code long}), {@code click, ad} ({@code string}), {@code weight}
 *       ({@code long}), {@code importance} ({@code double}).
 *   <li>TPC-DS: the spec's column names ({@code ss_sold_date_sk}, ...) and types: identifiers
 *       ({@code *_sk}) {@code long}, integers {@code int}, {@code decimal(p,s)} Avro's decimal on
 *       bytes at the column's own precision and scale, dates Avro {@code date}, {@code char},
 *       {@code varchar} and {@code time} columns {@code string}; every column nullable (a union
 *       with null first): dsdgen's empty field is null.
 * </ul>
 *
 * No field of the other datasets is null.
 */
final class TypedRows {
  /** TPC-H's decimal type: DECIMAL(15,2). */
  static final int PRECISION = 15;
  static final int SCALE = 2;

  private static final Conversions.DecimalConversion DECIMALS = new Conversions.DecimalConversion();

  private TypedRows() {}

  /** The schema of a TPC-H table. */
  static Schema tpch(String tableName) {
    TpchTable<?> table = TpchTable.getTable(tableName.toLowerCase(Locale.ROOT));
    SchemaBuilder.FieldAssembler<Schema> fields = SchemaBuilder.record(table.getTableName())
        .namespace("io.bloomkit.tpch").fields();
    for (TpchColumn<?> c : table.getColumns()) {
      Schema type;
      switch (c.getType().getBase()) {
        case IDENTIFIER:
          type = Schema.create(Schema.Type.LONG);
          break;
        case INTEGER:
          type = Schema.create(Schema.Type.INT);
          break;
        case DATE:
          type = LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
          break;
        case DOUBLE:
          type = LogicalTypes.decimal(PRECISION, SCALE).addToSchema(Schema.create(Schema.Type.BYTES));
          break;
        default:
          type = Schema.create(Schema.Type.STRING);
      }
      fields = fields.name(c.getColumnName()).type(type).noDefault();
    }
    return fields.endRecord();
  }

  /** The schema of a TPC-DS table (every column nullable). */
  static Schema tpcds(String tableName) {
    Table table = Table.getTable(tableName.toLowerCase(Locale.ROOT));
    SchemaBuilder.FieldAssembler<Schema> fields = SchemaBuilder.record(table.getName())
        .namespace("io.bloomkit.tpcds").fields();
    for (Column c : table.getColumns()) {
      ColumnType t = c.getType();
      Schema type;
      switch (t.getBase()) {
        case IDENTIFIER:
          type = Schema.create(Schema.Type.LONG);
          break;
        case INTEGER:
          type = Schema.create(Schema.Type.INT);
          break;
        case DATE:
          type = LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
          break;
        case DECIMAL:
          type = LogicalTypes.decimal(t.getPrecision().get(), t.getScale().get())
              .addToSchema(Schema.create(Schema.Type.BYTES));
          break;
        default: // CHAR, VARCHAR, TIME
          type = Schema.create(Schema.Type.STRING);
      }
      fields = fields.name(c.getName()).type(Schema.createUnion(Schema.create(Schema.Type.NULL),
          type)).withDefault(null);
    }
    return fields.endRecord();
  }

  /** The schema of the patents and keys datasets. */
  static Schema patents() {
    return SchemaBuilder.record("patent").namespace("io.bloomkit.patents").fields()
        .requiredLong("patent").requiredLong("gyear").requiredLong("gdate").requiredLong("appyear")
        .requiredString("country").requiredLong("claims").requiredLong("nclass")
        .requiredLong("cat").endRecord();
  }

  /** The schema of the citations dataset. */
  static Schema citations() {
    return SchemaBuilder.record("citation").namespace("io.bloomkit.patents").fields()
        .requiredLong("citing").requiredLong("cited").endRecord();
  }

  /** The schema of the click log. */
  static Schema clicks() {
    return SchemaBuilder.record("click").namespace("io.bloomkit.clicks").fields()
        .requiredLong("time").requiredString("click").requiredString("ad")
        .requiredLong("weight").requiredDouble("importance").endRecord();
  }

  /**
   * A generated line as a record of {@code schema}: fields split by {@code delimiter} (one
   * trailing delimiter, as dbgen writes, ignored).
   *
   * @throws IllegalArgumentException when the line does not have the schema's fields
   */
  static GenericRecord parse(Schema schema, String line, char delimiter) {
    GenericData.Record r = new GenericData.Record(schema);
    int start = 0;
    for (Schema.Field f : schema.getFields()) {
      if (start > line.length()) {
        throw new IllegalArgumentException("too few fields for " + schema.getName() + ": " + line);
      }
      int end = line.indexOf(delimiter, start);
      if (end < 0) {
        end = line.length();
      }
      r.put(f.pos(), value(line.substring(start, end), f.schema()));
      start = end + 1;
    }
    if (start < line.length()) {
      throw new IllegalArgumentException("too many fields for " + schema.getName() + ": " + line);
    }
    return r;
  }

  private static Object value(String s, Schema type) {
    if (type.getType() == Schema.Type.UNION) { // TPC-DS: [null, T], dsdgen's empty field is null
      return s.isEmpty() ? null : value(s, type.getTypes().get(1));
    }
    switch (type.getType()) {
      case LONG:
        return Long.parseLong(s);
      case INT:
        return type.getLogicalType() instanceof LogicalTypes.Date
            ? (Object) (int) LocalDate.parse(s).toEpochDay()
            : (Object) Integer.parseInt(s);
      case DOUBLE:
        return Double.parseDouble(s);
      case BYTES:
        return DECIMALS.toBytes(new BigDecimal(s).setScale(
            ((LogicalTypes.Decimal) type.getLogicalType()).getScale(), RoundingMode.UNNECESSARY),
            type, type.getLogicalType());
      default:
        return s;
    }
  }

  /**
   * A stream that takes a generator's text lines and writes them as records to {@code writer}
   * (closing the stream closes the writer, then {@code after}).
   */
  static OutputStream lines(TableWriter writer, Schema schema, char delimiter, Closeable after) {
    return new OutputStream() {
      private byte[] line = new byte[256];
      private int length;

      @Override
      public void write(int b) throws IOException {
        if (b == '\n') {
          writer.write(parse(schema, new String(line, 0, length, StandardCharsets.UTF_8),
              delimiter));
          length = 0;
          return;
        }
        if (length == line.length) {
          line = Arrays.copyOf(line, 2 * length);
        }
        line[length++] = (byte) b;
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
          write(b[i]);
        }
      }

      @Override
      public void close() throws IOException {
        if (length > 0) {
          write('\n');
        }
        writer.close();
        after.close();
      }
    };
  }
}
