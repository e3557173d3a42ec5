package io.bloomkit.mapreduce.table;

import io.bloomkit.mapreduce.BloomkitConfig;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.serializer.Deserializer;
import org.apache.hadoop.io.serializer.Serialization;
import org.apache.hadoop.io.serializer.Serializer;

/**
 * Lets MRUnit drivers take text {@link Row}s (MRUnit copies every input through a Hadoop {@link
 * Serialization}): a row travels as its line and is read back by {@link Row#ofLine} with the spec
 * of {@link BloomkitConfig#INPUT_SPEC}, as the text reader would. For tests only.
 */
public final class TextRowSerialization implements Serialization<Row>, Configurable {
  private Configuration conf;

  /** Stores {@code spec} as the input spec of {@code conf} and lets its drivers copy rows. */
  public static void register(Configuration conf, TableSpec spec) {
    spec.store(conf, BloomkitConfig.INPUT_SPEC);
    String s = conf.get("io.serializations");
    if (s == null || !s.contains(TextRowSerialization.class.getName())) {
      conf.set("io.serializations",
          (s == null || s.isEmpty() ? "" : s + ",") + TextRowSerialization.class.getName());
    }
  }

  @Override
  public void setConf(Configuration c) {
    this.conf = c;
  }

  @Override
  public Configuration getConf() {
    return conf;
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
      public void serialize(Row row) throws java.io.IOException {
        row.line().write(out);
      }

      @Override
      public void close() throws java.io.IOException {
        out.close();
      }
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
        Text line = new Text();
        line.readFields(in);
        return Row.ofLine(TableSpec.load(conf, BloomkitConfig.INPUT_SPEC), line);
      }

      @Override
      public void close() throws java.io.IOException {
        in.close();
      }
    };
  }
}
