package io.bloomkit.mapreduce.table;

import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.Text;

/**
 * A row of fixed slot values, as a columnar reader gives them (no problem; the line is the values
 * rendered and joined by tabs). For tests only.
 */
public final class FixedRow extends Row {
  private final Object[] values;

  public FixedRow(Object... values) {
    this.values = values.clone();
  }

  @Override
  public String problem() {
    return null;
  }

  @Override
  public Object value(int slot) {
    return values[slot];
  }

  @Override
  public GenericRecord record(Schema schema) {
    throw new UnsupportedOperationException("a test's fixed row has no record");
  }

  @Override
  public Text line() {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < values.length; i++) {
      b.append(i == 0 ? "" : "\t").append(KeyEncoder.render(values[i]));
    }
    return new Text(b.toString());
  }
}
