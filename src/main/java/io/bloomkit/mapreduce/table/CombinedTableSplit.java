package io.bloomkit.mapreduce.table;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Several small file splits read by one map task, one after the other ({@link
 * TableInputFormat#getSplits}, the idea of Hadoop's {@code CombineFileInputFormat} and of Spark's
 * file partitions): a directory of 10,000 small files is read by a few tasks, not by 10,000. The
 * reader ({@link TableInputFormat#createRecordReader}) reads each part with the file's own reader
 * and moves {@link #current} along, so that a mapper asking for its split's file (a malformed
 * record's message, dedup's file order) gets the file of the record in hand.
 */
public final class CombinedTableSplit extends InputSplit implements Writable {
  private List<FileSplit> parts = new ArrayList<>();
  private String[] hosts = new String[0];
  private int current;

  /** For deserialization only. */
  public CombinedTableSplit() {}

  CombinedTableSplit(List<FileSplit> parts, String[] hosts) {
    this.parts = new ArrayList<>(parts);
    this.hosts = hosts;
  }

  /** The file splits this split reads, in order. */
  public List<FileSplit> parts() {
    return Collections.unmodifiableList(parts);
  }

  /** The part being read (the first before reading starts). */
  public FileSplit current() {
    return parts.get(current);
  }

  /** Makes part {@code index} the one being read ({@link #current}). */
  void moveTo(int index) {
    current = index;
  }

  /** The bytes of all parts. */
  @Override
  public long getLength() {
    long sum = 0;
    for (FileSplit p : parts) {
      sum += p.getLength();
    }
    return sum;
  }

  /** The hosts that hold the most of the parts' bytes (at most three). */
  @Override
  public String[] getLocations() {
    return hosts.clone();
  }

  @Override
  public void write(DataOutput out) throws IOException {
    WritableUtils.writeVInt(out, parts.size());
    for (FileSplit p : parts) {
      Text.writeString(out, p.getPath().toString());
      WritableUtils.writeVLong(out, p.getStart());
      WritableUtils.writeVLong(out, p.getLength());
    }
    WritableUtils.writeVInt(out, hosts.length);
    for (String h : hosts) {
      Text.writeString(out, h);
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    int n = WritableUtils.readVInt(in);
    parts = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Path path = new Path(Text.readString(in));
      long start = WritableUtils.readVLong(in);
      long length = WritableUtils.readVLong(in);
      parts.add(new FileSplit(path, start, length, new String[0]));
    }
    hosts = new String[WritableUtils.readVInt(in)];
    for (int i = 0; i < hosts.length; i++) {
      hosts[i] = Text.readString(in);
    }
    current = 0;
  }

  /**
   * Packs {@code splits} (a file input format's, in its order) into splits of at most {@code
   * target} bytes, each part counted with {@code openCost} bytes more (opening a file costs
   * something however small it is: Spark's {@code spark.sql.files.openCostInBytes}). Consecutive
   * splits are packed while they fit, each pack's parts in path order; a split alone in its pack
   * is kept as it is (a large file's splits stay what they were); non-file splits are kept.
   */
  static List<InputSplit> pack(List<InputSplit> splits, long target, long openCost)
      throws IOException, InterruptedException {
    List<InputSplit> out = new ArrayList<>();
    List<FileSplit> pack = new ArrayList<>();
    long bytes = 0;
    for (InputSplit s : splits) {
      if (!(s instanceof FileSplit)) {
        out.add(s);
        continue;
      }
      long cost = s.getLength() + openCost;
      if (!pack.isEmpty() && bytes + cost > target) {
        close(pack, out);
        pack.clear();
        bytes = 0;
      }
      pack.add((FileSplit) s);
      bytes += cost;
    }
    close(pack, out);
    return out;
  }

  /** Each split of {@code splits} a combined split of its own (one part). */
  static List<InputSplit> alone(List<InputSplit> splits)
      throws IOException, InterruptedException {
    List<InputSplit> out = new ArrayList<>();
    for (InputSplit s : splits) {
      if (s instanceof FileSplit) {
        close(List.of((FileSplit) s), out);
      } else {
        out.add(s);
      }
    }
    return out;
  }

  private static void close(List<FileSplit> pack, List<InputSplit> out)
      throws IOException, InterruptedException {
    if (pack.size() == 1) {
      FileSplit f = pack.get(0);
      out.add(new CombinedTableSplit(pack, f.getLocations() == null ? new String[0]
          : f.getLocations()));
    } else if (pack.size() > 1) {
      List<FileSplit> parts = new ArrayList<>(pack);
      parts.sort(CombinedTableSplit::inPathOrder);
      out.add(new CombinedTableSplit(parts, hostsOf(parts)));
    }
  }

  /**
   * Path order (UTF-8 bytes, as Hadoop's {@code Text} compares), then start: a task reads its files
   * in the order dedup's global order (time, path, position) ranks them.
   */
  private static int inPathOrder(FileSplit a, FileSplit b) {
    int c = new Text(a.getPath().toString()).compareTo(new Text(b.getPath().toString()));
    return c != 0 ? c : Long.compare(a.getStart(), b.getStart());
  }

  /** The (at most three) hosts holding the most bytes of {@code pack}, most first. */
  private static String[] hostsOf(List<FileSplit> pack) throws IOException, InterruptedException {
    Map<String, Long> bytes = new HashMap<>();
    for (FileSplit p : pack) {
      for (String h : p.getLocations()) {
        bytes.merge(h, p.getLength(), Long::sum);
      }
    }
    List<Map.Entry<String, Long>> byBytes = new ArrayList<>(bytes.entrySet());
    byBytes.sort((a, b) -> {
      int c = Long.compare(b.getValue(), a.getValue());
      return c != 0 ? c : a.getKey().compareTo(b.getKey());
    });
    String[] out = new String[Math.min(3, byBytes.size())];
    for (int i = 0; i < out.length; i++) {
      out[i] = byBytes.get(i).getKey();
    }
    return out;
  }

  /** The parts as {@code path:start+length}, joined by commas (the first few when many). */
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    int shown = Math.min(parts.size(), 3);
    for (int i = 0; i < shown; i++) {
      b.append(i == 0 ? "" : ",").append(parts.get(i));
    }
    if (parts.size() > shown) {
      b.append(",... (").append(parts.size()).append(" files)");
    }
    return b.toString();
  }
}
