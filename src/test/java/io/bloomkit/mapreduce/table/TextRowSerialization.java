package io.bloomkit.mapreduce.table;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.serializer.Deserializer;
import org.apache.hadoop.io.serializer.Serialization;
import org.apache.hadoop.io.serializer.Serializer;
import org.apache.hadoop.io.serializer.WritableSerialization;

/**
 * Lets MRUnit drivers take {@link Row}s: MRUnit copies every input through a Hadoop {@link
 * Serialization}, which a row does not have (readers make rows in the task; no job serializes
 * one). This one hands the row object itself over, by its number in a list, whatever its spec
 * (both sides of a join driver) or kind ({@link Row#ofLine}, {@link FixedRow}). For tests only.
 */
public final class TextRowSerialization implements Serialization<Row> {
  private static final List<Row> ROWS = new ArrayList<>();

  /** Stores {@code spec} as the input spec of {@code conf} and lets its drivers take rows. */
  public static void register(Configuration conf, TableSpec spec) {
    spec.store(conf, BloomkitConfig.INPUT_SPEC);
    allow(conf);
  }

  /** Lets the drivers of {@code conf} take rows (Writables keep their own serialization). */
  public static void allow(Configuration conf) {
    conf.setStrings("io.serializations", TextRowSerialization.class.getName(),
        WritableSerialization.class.getName());
  }

  private static synchronized int put(Row row) {
    ROWS.add(row);
    return ROWS.size() - 1;
  }

  private static synchronized Row get(int i) {
    return ROWS.get(i);
  }

  @Override
  public boolean accept(Class<?> c) {
    return Row.class.isAssignableFrom(c);
  }

  @Override
  public Serializer<Row> getSerializer(Class<Row> c) {
    return new Serializer<Row>() {
      private DataOutputStream out;

      @Override
      public void open(OutputStream o) {
        out = new DataOutputStream(o);
      }

      @Override
      public void serialize(Row row) throws IOException {
        out.writeInt(put(row));
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public Deserializer<Row> getDeserializer(Class<Row> c) {
    return new Deserializer<Row>() {
      private DataInputStream in;

      @Override
      public void open(InputStream i) {
        in = new DataInputStream(i);
      }

      @Override
      public Row deserialize(Row reuse) throws IOException {
        return get(in.readInt());
      }

      @Override
      public void close() {}
    };
  }
}
