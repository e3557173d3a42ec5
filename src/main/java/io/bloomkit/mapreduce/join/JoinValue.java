package io.bloomkit.mapreduce.join;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;

/**
 * The map output value of the join: the side byte (as in {@link JoinKey}) and the whole input
 * line. The side travels with the value so the reducer never depends on the framework updating the
 * key while it iterates.
 */
public final class JoinValue implements Writable {
  private byte side;
  private final Text line = new Text();

  public JoinValue() {}

  public JoinValue(byte side, String line) {
    this.side = side;
    this.line.set(line);
  }

  public void set(byte side, Text line) {
    this.side = side;
    this.line.set(line);
  }

  public byte side() {
    return side;
  }

  public Text line() {
    return line;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(side);
    line.write(out);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    side = in.readByte();
    line.readFields(in);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof JoinValue && ((JoinValue) o).side == side && ((JoinValue) o).line.equals(line);
  }

  @Override
  public int hashCode() {
    return line.hashCode() * 31 + side;
  }

  @Override
  public String toString() {
    return (side == JoinKey.LEFT ? "L:" : "R:") + line;
  }
}
