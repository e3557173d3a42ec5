package io.bloomkit.mapreduce.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.data.TpcdsDataGenerator;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.Tables;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import io.trino.tpcds.column.ColumnType;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code generate tpcds}: the tool writes the generator's lines, and every format holds the same
 * rows read back through bloomkit's own reader ({@link Tables#read}), typed where the format has
 * types, with dsdgen's empty fields as SQL nulls.
 */
public class GenerateTpcdsTest {
  @TempDir public File tmp;

  private static final Configuration CONF = new Configuration();
  private static final List<String> TABLES = List.of("item", "store");

  private Map<String, Object> generate(String name, String... args) {
    List<String> all = new ArrayList<>(List.of("tpcds", "--scale", "0.01", "--json", "--out",
        new File(tmp, name).getPath()));
    all.addAll(Arrays.asList(args));
    ToolRun r = ToolRun.run(new GenerateTool(), all.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> sub(Map<String, Object> m, String k) {
    return (Map<String, Object>) m.get(k);
  }

  private static List<String> columns(String table) {
    List<String> names = new ArrayList<>();
    for (Column c : Table.getTable(table).getColumns()) {
      names.add(c.getName());
    }
    return names;
  }

  /** The text rows: dsdgen's fields, the empty field null (the reference for every format). */
  private static List<List<String>> textRows(File dir) throws IOException {
    List<List<String>> rows = new ArrayList<>();
    File[] parts = dir.listFiles();
    Arrays.sort(parts);
    for (File f : parts) {
      for (String line : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
        assertTrue(line.endsWith("|"), line);
        List<String> row = new ArrayList<>();
        for (String field : line.substring(0, line.length() - 1).split("\\|", -1)) {
          row.add(field.isEmpty() ? null : field);
        }
        rows.add(row);
      }
    }
    return rows;
  }

  /** A directory's rows read by {@link Tables#read}, each value rendered as text (null kept). */
  private static List<List<String>> readRows(File dir, TableFormat format, String table)
      throws IOException {
    List<String> names = columns(table);
    List<String> fields = new ArrayList<>();
    if (format == TableFormat.AVRO || format == TableFormat.PARQUET || format == TableFormat.ORC) {
      fields.addAll(names);
    } else {
      for (int i = 0; i < names.size(); i++) {
        fields.add(Integer.toString(i));
      }
    }
    TableSpec spec = TableSpec.builder(format).delimiter(format == TableFormat.CSV ? ',' : '|')
        .key(fields.subList(0, 1), Collections.emptyList())
        .otherFields(fields.subList(1, fields.size()))
        .emptyIsNull(format == TableFormat.TEXT) // dsdgen's null
        .build();
    List<List<String>> rows = new ArrayList<>();
    Tables.read(CONF, spec, (file, position, row) -> {
      assertEquals(null, row.problem());
      List<String> r = new ArrayList<>();
      for (int i = 0; i < names.size(); i++) {
        Object v = row.value(i);
        if (format != TableFormat.TEXT && format != TableFormat.CSV
            && format != TableFormat.SEQFILE && v != null) {
          checkType(table, names.get(i), v);
        }
        r.add(v == null ? null : KeyEncoder.render(v));
      }
      rows.add(r);
    }, new Path(dir.getPath()));
    return rows;
  }

  /** A typed value has the Java type of its TPC-DS column. */
  private static void checkType(String table, String column, Object v) {
    Class<?> want;
    switch (Table.getTable(table).getColumn(column).getType().getBase()) {
      case IDENTIFIER:
      case INTEGER:
        want = Long.class;
        break;
      case DECIMAL:
        want = BigDecimal.class;
        break;
      case DATE:
        want = LocalDate.class;
        break;
      default:
        want = String.class;
    }
    assertTrue(want.isInstance(v), column + ": " + v.getClass());
  }

  /** Text rows with decimals at their column's scale, as a typed record renders them. */
  private static List<List<String>> atScale(String table, List<List<String>> rows) {
    Column[] columns = Table.getTable(table).getColumns();
    for (List<String> row : rows) {
      for (int i = 0; i < columns.length; i++) {
        ColumnType type = columns[i].getType();
        if (type.getBase() == ColumnType.Base.DECIMAL && row.get(i) != null) {
          row.set(i, new BigDecimal(row.get(i)).setScale(type.getScale().get()).toPlainString());
        }
      }
    }
    return rows;
  }

  private static void assertSameRows(String what, List<List<String>> want,
      List<List<String>> got) {
    for (int i = 0; i < Math.min(want.size(), got.size()); i++) {
      assertEquals(want.get(i), got.get(i), what + " row " + i);
    }
    assertEquals(want.size(), got.size(), what + " rows");
  }

  @Test
  public void everyFormatHoldsTheTextRowsTypedWithNulls() throws IOException {
    Map<String, Object> text = generate("text", "--tables", "item,store", "--parts", "2");
    for (String t : TABLES) {
      File dir = new File(new File(tmp, "text"), t);
      List<List<String>> want = textRows(dir);
      long nulls = want.stream().flatMap(List::stream).filter(v -> v == null).count();
      assertTrue(nulls > 0, t + " has nulls");
      assertEquals((long) want.size(), sub(text, t).get("rows"), t);
      assertEquals(TpcdsDataGenerator.of(TABLES, 0.01).rowNumbers(t), want.size(), t);
      assertSameRows(t, want, readRows(dir, TableFormat.TEXT, t));
    }
    for (String format : new String[] {"csv", "seqfile", "avro", "parquet", "orc"}) {
      Map<String, Object> j = generate(format, "--tables", "item,store", "--format", format);
      for (String t : TABLES) {
        File dir = new File(new File(tmp, format), t);
        assertSameRows(format + " " + t,
            atScale(t, textRows(new File(new File(tmp, "text"), t))),
            readRows(dir, TableFormat.parse("format", format), t));
        assertEquals(sub(text, t).get("rows"), sub(j, t).get("rows"), format);
      }
    }
  }

  @Test
  public void badOptionsAreUsageErrorsBeforeAnyFileExists() {
    String out = new File(tmp, "never").getPath();
    String[][] bad = {
      {"tpcds", "--tables", "item"}, // no --scale
      {"tpcds", "--scale", "0.01", "--tables", "item,nosuch"},
      {"tpcds", "--scale", "0.01", "--tables", "item,ITEM"},
      {"tpcds", "--scale", "0.01", "--table", "item"}, // tpch's option
      {"tpch", "--scale", "0.01", "--table", "orders", "--tables", "item"},
    };
    String[] says = {"--scale", "nosuch", "twice", "--table does not apply to tpcds",
        "--tables does not apply to tpch"};
    for (int i = 0; i < bad.length; i++) {
      List<String> args = new ArrayList<>(Arrays.asList(bad[i]));
      args.addAll(List.of("--out", out));
      ToolRun r = ToolRun.run(new GenerateTool(), args.toArray(new String[0]));
      assertEquals(2, r.code, Arrays.toString(bad[i]) + ": " + r);
      assertTrue(r.err.contains(says[i]), r.err);
      assertFalse(new File(out).exists());
    }
  }
}
