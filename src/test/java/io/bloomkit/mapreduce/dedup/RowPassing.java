package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.table.Row;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.serializer.Deserializer;
import org.apache.hadoop.io.serializer.Serialization;
import org.apache.hadoop.io.serializer.Serializer;

/**
 * MRUnit copies every input key and value through a Hadoop {@link Serialization}; a {@link Row}
 * has none (a reader makes it, no job ever serializes one). This test serialization passes the
 * row object itself (by a number), so a MapDriver can feed rows made by {@link Row#ofLine}: add it
 * to a driver's configuration with {@link #enable}.
 */
public final class RowPassing implements Serialization<Row> {
  private static final List<Row> ROWS = new CopyOnWriteArrayList<>();

  /** Lets the drivers of {@code conf} copy rows. */
  public static void enable(Configuration conf) {
    conf.setStrings("io.serializations", RowPassing.class.getName(),
        "org.apache.hadoop.io.serializer.WritableSerialization");
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
      public synchronized void serialize(Row row) throws java.io.IOException {
        ROWS.add(row);
        out.writeInt(ROWS.size() - 1);
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
      public Row deserialize(Row ignored) throws java.io.IOException {
        return ROWS.get(in.readInt());
      }

      @Override
      public void close() {}
    };
  }
}
