package io.bloomkit.mapreduce.join;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.io.Text;

/**
 * The left records of the reducer's current key, buffered for the right records that follow them
 * (values arrive left first). Visited once per batch of right records ({@link #forEach}), as often
 * as needed; {@link #clear} before the next key.
 */
final class LeftRecords implements Closeable {
  /** Receives each buffered left record; the {@link Text} is reused between calls. */
  interface Visitor {
    void visit(Text left) throws IOException, InterruptedException;
  }

  private final List<byte[]> records = new ArrayList<>();
  private final Text current = new Text();

  /** Buffers a copy of a left record's value. */
  void add(Text left) {
    records.add(Arrays.copyOf(left.getBytes(), left.getLength()));
  }

  /** The left records buffered for the current key. */
  long count() {
    return records.size();
  }

  boolean isEmpty() {
    return records.isEmpty();
  }

  /** Visits every buffered left record, in arrival order. */
  void forEach(Visitor v) throws IOException, InterruptedException {
    for (byte[] r : records) {
      current.set(r);
      v.visit(current);
    }
  }

  /** Forgets the current key's records. */
  void clear() {
    records.clear();
  }

  @Override
  public void close() {
    clear();
  }
}
