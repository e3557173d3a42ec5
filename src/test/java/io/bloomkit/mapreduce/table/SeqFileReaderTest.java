package io.bloomkit.mapreduce.table;

import static io.bloomkit.mapreduce.table.RowsRead.localConf;
import static io.bloomkit.mapreduce.table.RowsRead.read;
import static io.bloomkit.mapreduce.table.RowsRead.values;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.table.RowsRead.Read;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SequenceFile reader through {@link Tables#read}, against the records written. */
class SeqFileReaderTest {
  @TempDir File dir;

  private final Configuration conf = localConf();

  private Path file(String name) {
    return new Path(new File(dir, name).toURI());
  }

  private Path write(String name, Class<?> keyClass, Class<?> valueClass,
      SequenceFile.CompressionType compression, List<Writable[]> records) throws IOException {
    Path p = file(name);
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(p),
            SequenceFile.Writer.keyClass(keyClass),
            SequenceFile.Writer.valueClass(valueClass),
            SequenceFile.Writer.compression(compression, new DefaultCodec()))) {
      for (Writable[] r : records) {
        w.append(r[0], r[1]);
        if (records.size() > 100) {
          w.sync(); // sync marks, so that small splits start inside the file
        }
      }
    }
    return p;
  }

  private static TableSpec spec(String... fields) {
    return TableSpec.builder(TableFormat.SEQFILE)
        .key(Arrays.asList(fields).subList(0, 1), List.of())
        .otherFields(Arrays.asList(fields).subList(1, fields.length))
        .build();
  }

  @Test
  void textKeysAndFieldsOfTextValues() throws IOException {
    List<Writable[]> records = new ArrayList<>();
    records.add(new Writable[] {new Text("k1"), new Text("a\tb\tc")});
    records.add(new Writable[] {new Text("k2"), new Text("d\t\\N\tf")});
    records.add(new Writable[] {new Text("k3"), new Text("only")});
    records.add(new Writable[] {new Text("\\N"), new Text("g\th")});
    Path p = write("text.seq", Text.class, Text.class, SequenceFile.CompressionType.NONE, records);
    TableSpec spec = TableSchemas.resolve(conf, spec("key", "1"), new Path[] {p}, false);
    List<Read> rows = read(conf, spec, p);
    assertEquals(4, rows.size());
    // the value's fields follow the text rules (\N is null); the key is typed, never the token
    assertEquals(
        List.of(List.of("k1", "b"), Arrays.asList("k2", null), List.of("\\N", "h")),
        values(rows));
    assertEquals("has 1 fields, key field 1 missing", rows.get(2).problem);
    assertEquals("a\tb\tc", rows.get(0).line); // the value is the row
    for (int i = 1; i < rows.size(); i++) {
      assertTrue(rows.get(i).position > rows.get(i - 1).position, rows.toString());
    }
    // a value field as the key
    assertEquals(
        List.of(List.of("a", "k1"), List.of("d", "k2"), List.of("only", "k3"),
            List.of("g", "\\N")),
        values(read(conf, spec("0", "key"), p)));
  }

  @Test
  void longKeysAcrossSplitsAndBlockCompression() throws IOException {
    List<Writable[]> records = new ArrayList<>();
    List<List<Object>> expected = new ArrayList<>();
    for (long i = 0; i < 3000; i++) {
      long k = i * 7919 - 100_000;
      records.add(new Writable[] {new LongWritable(k), new Text("v" + i + "\tw" + i)});
      expected.add(List.of(k, "w" + i));
    }
    for (SequenceFile.CompressionType c : SequenceFile.CompressionType.values()) {
      Path p = write("long-" + c + ".seq", LongWritable.class, Text.class, c, records);
      Configuration small = new Configuration(conf);
      small.setLong(FileInputFormat.SPLIT_MAXSIZE, 4096);
      assertTrue(RowsRead.splits(small, spec("key", "1"), p) > 3, c.toString());
      List<Read> rows = read(small, spec("key", "1"), p);
      assertEquals(expected, values(rows), c.toString());
    }
  }

  @Test
  void otherKeyWritables() throws IOException {
    List<Writable[]> records = new ArrayList<>();
    records.add(new Writable[] {new IntWritable(-5), new Text("x")});
    Path ints = write("int.seq", IntWritable.class, Text.class,
        SequenceFile.CompressionType.NONE, records);
    assertEquals(List.of(List.of(-5L)), values(read(conf, spec("key"), ints)));

    records.clear();
    records.add(new Writable[] {new BytesWritable(new byte[] {1, (byte) 0xab}), new Text("x")});
    Path bytes = write("bytes.seq", BytesWritable.class, Text.class,
        SequenceFile.CompressionType.NONE, records);
    List<Read> rows = read(conf, spec("key"), bytes);
    assertArrayEquals(new byte[] {1, (byte) 0xab}, (byte[]) rows.get(0).values.get(0));
    assertEquals("x", rows.get(0).line);

    records.clear();
    records.add(new Writable[] {NullWritable.get(), new Text("x\ty")});
    Path nulls = write("null.seq", NullWritable.class, Text.class,
        SequenceFile.CompressionType.NONE, records);
    rows = read(conf, spec("key", "1"), nulls);
    assertEquals(List.of(Arrays.asList(null, "y")), values(rows));
    assertEquals("x\ty", rows.get(0).line);
  }

  @Test
  void fieldNumbersNeedTextValues() throws IOException {
    List<Writable[]> records = new ArrayList<>();
    records.add(new Writable[] {new Text("k"), new LongWritable(3)});
    Path p = write("longvalues.seq", Text.class, LongWritable.class,
        SequenceFile.CompressionType.NONE, records);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class,
            () -> TableSchemas.resolve(conf, spec("0"), new Path[] {p}, false));
    assertTrue(e.getMessage().contains("longvalues.seq"), e.getMessage());
    assertTrue(e.getMessage().contains(LongWritable.class.getName()), e.getMessage());
    IOException task = assertThrows(IOException.class, () -> read(conf, spec("0"), p));
    assertTrue(task.getMessage().contains("longvalues.seq"), task.getMessage());
    // the key alone reads any values; the line renders the value
    List<Read> rows = read(conf, spec("key"), p);
    assertEquals(List.of(List.of("k")), values(rows));
    assertEquals("3", rows.get(0).line);

    IllegalArgumentException name =
        assertThrows(IllegalArgumentException.class,
            () -> TableSchemas.resolve(conf, spec("value"), new Path[] {p}, false));
    assertTrue(name.getMessage().contains("\"value\""), name.getMessage());
  }
}
