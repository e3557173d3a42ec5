package io.bloomkit.mapreduce.dedup;

import org.apache.hadoop.io.Text;

/**
 * The light marker a {@code dedup --method stream --local-filter} map task shuffles in place of a
 * record its leaf dropped, so that the reducer of the key's slice still sees the record's position
 * in the stream: for the {@code --evaluate} oracle and for the {@code timer} filter's window. The
 * key, time, path and offset travel in the {@link DedupKey} as for any record; the value is not
 * the line but
 *
 * <pre>
 * bytes  field
 * -----  ------------------------------------------------------------------
 * 1      '\n' (no newline-delimited line contains one: the flag "dropped locally"; the tool
 *        refuses --local-filter with a textinputformat.record.delimiter without a newline)
 * 8      importance, IEEE 754 double bits, big-endian
 * </pre>
 *
 * With an importance field ({@code --importance-field}) a record's value carries its importance
 * too, so that the reducer need not parse the line again (which it cannot for a columnar input,
 * whose line is rendered): {@link #record} writes
 *
 * <pre>
 * bytes  field
 * -----  ------------------------------------------------------------------
 * 1      0 (not a marker)
 * 8      importance, IEEE 754 double bits, big-endian
 * n      the record's line
 * </pre>
 *
 * (a line of n = 0 bytes gives 9 bytes that start with 0, never a marker). Without an importance
 * field the value is the line itself, unless markers may travel and the input is not text ({@link
 * #framed}): a rendered record or a CSV record can hold a newline, so its bare line could look like
 * a marker; those records are framed as above (importance 1).
 */
final class LocalMarker {
  /** Bytes of a marker value. */
  static final int BYTES = 9;

  private LocalMarker() {}

  /**
   * Whether record values are framed by {@link #record}: with an importance field, or with a local
   * filter (whose markers start with a newline) on input whose lines may hold one (every format
   * but text, whose records are newline-free lines).
   */
  static boolean framed(org.apache.hadoop.conf.Configuration conf) {
    if (!io.bloomkit.mapreduce.config.BloomkitConfig.IMPORTANCE_FIELD.get(conf).isEmpty()) {
      return true;
    }
    String local = io.bloomkit.mapreduce.config.BloomkitConfig.DEDUP_LOCAL_FILTER.get(conf);
    if (local == null || local.isEmpty() || local.equals("none")) {
      return false;
    }
    String spec = io.bloomkit.mapreduce.config.BloomkitConfig.INPUT_SPEC.get(conf);
    return spec != null && !spec.isEmpty()
        && io.bloomkit.mapreduce.table.TableSpec.load(conf, io.bloomkit.mapreduce.config.BloomkitConfig.INPUT_SPEC)
                .format() != io.bloomkit.mapreduce.table.TableFormat.TEXT;
  }

  /** Makes {@code value} the marker of a record of importance {@code importance}. */
  static void set(Text value, double importance) {
    byte[] b = new byte[BYTES];
    b[0] = '\n';
    put(b, Double.doubleToLongBits(importance));
    value.set(b);
  }

  /**
   * Makes {@code value} a record's value carrying {@code importance} and {@code line}; returns
   * {@code value}.
   */
  static Text record(Text value, Text line, double importance) {
    byte[] b = new byte[BYTES + line.getLength()];
    put(b, Double.doubleToLongBits(importance));
    System.arraycopy(line.getBytes(), 0, b, BYTES, line.getLength());
    value.set(b);
    return value;
  }

  /** Sets {@code line} to the line of a {@link #record} value. */
  static void lineOf(Text value, Text line) {
    line.set(value.getBytes(), BYTES, value.getLength() - BYTES);
  }

  private static void put(byte[] b, long bits) {
    for (int i = 0; i < 8; i++) {
      b[1 + i] = (byte) (bits >>> (56 - 8 * i));
    }
  }

  /** True if {@code value} is a marker, not a line. */
  static boolean is(Text value) {
    return value.getLength() == BYTES && value.getBytes()[0] == '\n';
  }

  /** The importance a marker or a {@link #record} value carries. */
  static double importance(Text value) {
    byte[] b = value.getBytes();
    long bits = 0;
    for (int i = 0; i < 8; i++) {
      bits = bits << 8 | (b[1 + i] & 0xFF);
    }
    return Double.longBitsToDouble(bits);
  }
}
