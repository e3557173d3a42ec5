package io.bloomkit.mapreduce.table;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.RecordReader;

/** A columnar file's reader: the key is the record's number in its file ({@link #position}). */
abstract class ColumnarRows extends RecordReader<LongWritable, Row> {
  /** The current record's number in its file. */
  final LongWritable position = new LongWritable();

  /** The row holding the current record. */
  abstract Row row();

  @Override
  public final LongWritable getCurrentKey() {
    return position;
  }

  @Override
  public final Row getCurrentValue() {
    return row();
  }
}
