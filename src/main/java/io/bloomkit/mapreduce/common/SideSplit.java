package io.bloomkit.mapreduce.common;

import java.io.ByteArrayInputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.serializer.Deserializer;
import org.apache.hadoop.io.serializer.SerializationFactory;
import org.apache.hadoop.io.serializer.Serializer;
import org.apache.hadoop.mapred.SplitLocationInfo;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * A split of one side of a job that reads several sides ({@link SideInputs}): the side's index
 * and the split its own input format made (a {@code FileSplit}), which it carries whole (class
 * name and serialized bytes). Tagged by side, not by path: the same file on two sides (a
 * self-join) gives a split per side, each read by its side's spec and mapper.
 */
public final class SideSplit extends InputSplit implements Writable, Configurable {
  private int side;
  private InputSplit inner;
  private Configuration conf;

  /** For deserialization only. */
  public SideSplit() {}

  SideSplit(int side, InputSplit inner, Configuration conf) {
    this.side = side;
    this.inner = inner;
    this.conf = conf;
  }

  /** The index of the side this split belongs to ({@link SideInputs#LEFT}, ...). */
  public int side() {
    return side;
  }

  /** The split the side's input format made, which its reader reads. */
  public InputSplit inner() {
    return inner;
  }

  @Override
  public long getLength() throws IOException, InterruptedException {
    return inner.getLength();
  }

  @Override
  public String[] getLocations() throws IOException, InterruptedException {
    return inner.getLocations();
  }

  @Override
  public SplitLocationInfo[] getLocationInfo() throws IOException {
    return inner.getLocationInfo();
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public void write(DataOutput out) throws IOException {
    out.writeInt(side);
    Text.writeString(out, inner.getClass().getName());
    DataOutputBuffer bytes = new DataOutputBuffer();
    Serializer s = new SerializationFactory(getConf()).getSerializer(inner.getClass());
    if (s == null) {
      throw new IOException("no serialization for the split class " + inner.getClass().getName());
    }
    s.open(bytes);
    s.serialize(inner);
    s.close();
    out.writeInt(bytes.getLength());
    out.write(bytes.getData(), 0, bytes.getLength());
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public void readFields(DataInput in) throws IOException {
    side = in.readInt();
    String name = Text.readString(in);
    byte[] bytes = new byte[in.readInt()];
    in.readFully(bytes);
    Class<?> type;
    try {
      type = getConf().getClassByName(name);
    } catch (ClassNotFoundException e) {
      throw new IOException("cannot load the split class " + name, e);
    }
    Deserializer d = new SerializationFactory(getConf()).getDeserializer(type);
    if (d == null) {
      throw new IOException("no serialization for the split class " + name);
    }
    d.open(new ByteArrayInputStream(bytes));
    inner = (InputSplit) d.deserialize(null);
    d.close();
  }

  @Override
  public Configuration getConf() {
    if (conf == null) {
      conf = new Configuration();
    }
    return conf;
  }

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
  }

  /** The inner split's description (a file split: {@code path:start+length}). */
  @Override
  public String toString() {
    return String.valueOf(inner);
  }
}
