package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.common.Jobs;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocalDirAllocator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;

/**
 * The left records of the reducer's current key, buffered for the right records that follow them
 * (values arrive left first). Visited once per batch of right records ({@link #forEach}), as often
 * as needed; {@link #clear} before the next key, {@link #close} when the task ends.
 *
 * <p>The records are kept in memory up to a budget of bytes ({@link
 * BloomkitConfig#JOIN_BUFFER_BYTES}), counted honestly: the record bytes, a 4-byte length each and
 * the memory blocks holding them (allocated whole, {@value #BLOCK_BYTES} bytes or one record's size,
 * with their array headers). The first record that does not fit and every later one of the key are
 * appended to a spill file on local disk (WritableUtils vint length, then the bytes, through a
 * buffered stream); {@link #forEach} visits the memory part, then streams the file, so the records
 * come in arrival order. The file is made when a key first spills and deleted by {@link #clear} and
 * {@link #close}. Beyond the budget, memory holds one record at a time (the visited one) and two
 * stream buffers.
 */
final class LeftRecords implements Closeable {
  /** Receives each buffered left record; the {@link Text} is reused between calls. */
  interface Visitor {
    void visit(Text left) throws IOException, InterruptedException;
  }

  /** Makes a new, empty spill file (a unique name in a local directory). */
  interface SpillFiles {
    File create() throws IOException;
  }

  /** The task's local directories, as Hadoop's own spills use them. */
  static final String LOCAL_DIRS = "mapreduce.cluster.local.dir";

  /** The subdirectory of a local directory that spill files go to. */
  static final String SPILL_DIR = "bloomkit-join-spill";

  /** Size of the memory blocks records are packed into. */
  static final int BLOCK_BYTES = 256 << 10;

  /** Bytes a block costs beyond its length: the array header and the list's reference. */
  private static final int BLOCK_OVERHEAD = 24;

  /** Bytes of the in-memory length before each record. */
  private static final int LENGTH_BYTES = 4;

  private static final int STREAM_BUFFER = 64 << 10;

  /** Largest block (arrays of nearly Integer.MAX_VALUE bytes cannot be made). */
  private static final int MAX_BLOCK = Integer.MAX_VALUE - 16;

  private static final LocalDirAllocator ALLOCATOR = new LocalDirAllocator(LOCAL_DIRS);

  private final long budget;
  private final SpillFiles files;
  private Text current = new Text();

  private final List<byte[]> blocks = new ArrayList<>();
  /** Bytes used in each block but the last. */
  private final List<Integer> ends = new ArrayList<>();
  /** Bytes used in the last block. */
  private int used;
  /** The blocks' cost, within the budget. */
  private long memoryBytes;
  private long inMemory;

  /** The current key's spill file, null until it spills. */
  private File spill;
  private DataOutputStream spillOut;
  private long onDisk;

  private long spilledRecords;
  private long spilledBytes;

  /**
   * @param budget bytes the records may take in memory (0: every record goes to disk)
   * @param files where spill files are made
   */
  LeftRecords(long budget, SpillFiles files) {
    if (budget < 0) {
      throw new IllegalArgumentException("negative memory budget: " + budget);
    }
    this.budget = budget;
    this.files = files;
  }

  /**
   * A reduce task's buffer: the budget of {@code conf} ({@link #budget}), spill files under the
   * task's local directories ({@value #LOCAL_DIRS}, picked by Hadoop's {@link LocalDirAllocator}
   * as for the framework's own spills; unset, e.g. in a unit test: {@code java.io.tmpdir}), named
   * after {@code attempt} (the task attempt, so a leftover file says whose it was).
   */
  static LeftRecords forTask(Configuration conf, String attempt) {
    String prefix = "left-" + (attempt == null ? "task" : attempt) + "-";
    return new LeftRecords(budget(conf), () -> {
      File dir;
      if (conf.getTrimmedStrings(LOCAL_DIRS).length == 0) {
        dir = new File(System.getProperty("java.io.tmpdir"), SPILL_DIR);
      } else {
        dir = new File(ALLOCATOR.getLocalPathForWrite(SPILL_DIR, conf).toUri().getPath());
      }
      Files.createDirectories(dir.toPath());
      return File.createTempFile(prefix, ".spill", dir);
    });
  }

  /**
   * The memory budget {@link BloomkitConfig#JOIN_BUFFER_BYTES} sets; 0 (the default): a quarter of
   * this JVM's maximum heap, divided by the reduce tasks that share it in local mode ({@link
   * Jobs#reduceTasksPerJvm}).
   *
   * @throws IllegalArgumentException naming the key, for a negative value
   */
  static long budget(Configuration conf) {
    long b = BloomkitConfig.JOIN_BUFFER_BYTES.getLong(conf);
    if (b < 0) {
      throw new IllegalArgumentException(
          BloomkitConfig.JOIN_BUFFER_BYTES.key() + " must be at least 0 (0: a quarter of the"
              + " task's heap), not " + b);
    }
    return b == 0 ? Runtime.getRuntime().maxMemory() / Jobs.reduceTasksPerJvm(conf) / 4 : b;
  }

  /** Buffers a copy of a left record's value: in memory while the budget lasts, else on disk. */
  void add(Text left) throws IOException {
    int len = left.getLength();
    if (onDisk == 0 && fits(len)) {
      byte[] block = blocks.get(blocks.size() - 1);
      writeInt(block, used, len);
      System.arraycopy(left.getBytes(), 0, block, used + LENGTH_BYTES, len);
      used += LENGTH_BYTES + len;
      inMemory++;
      return;
    }
    if (spillOut == null) {
      spill = files.create();
      spillOut =
          new DataOutputStream(
              new BufferedOutputStream(new FileOutputStream(spill), STREAM_BUFFER));
    }
    WritableUtils.writeVInt(spillOut, len);
    spillOut.write(left.getBytes(), 0, len);
    onDisk++;
    spilledRecords++;
    spilledBytes += WritableUtils.getVIntSize(len) + len;
  }

  /** Whether a record of {@code len} bytes fits the last block, or a new block within the budget. */
  private boolean fits(int len) {
    long need = (long) LENGTH_BYTES + len;
    if (!blocks.isEmpty() && used + need <= blocks.get(blocks.size() - 1).length) {
      return true;
    }
    if (need > MAX_BLOCK) {
      return false;
    }
    // a block, or a smaller last one for what the budget has left, if the record fits in it
    long size = Math.min(Math.max(BLOCK_BYTES, need), budget - memoryBytes - BLOCK_OVERHEAD);
    if (size < need) {
      return false;
    }
    if (!blocks.isEmpty()) {
      ends.add(used);
    }
    blocks.add(new byte[(int) size]);
    memoryBytes += size + BLOCK_OVERHEAD;
    used = 0;
    return true;
  }

  private static void writeInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  private static int readInt(byte[] b, int at) {
    return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8
        | (b[at + 3] & 0xff);
  }

  /** The left records buffered for the current key. */
  long count() {
    return inMemory + onDisk;
  }

  boolean isEmpty() {
    return count() == 0;
  }

  /** Visits every buffered left record, in arrival order: the memory part, then the spill file. */
  void forEach(Visitor v) throws IOException, InterruptedException {
    long left = inMemory;
    for (int i = 0; i < blocks.size() && left > 0; i++) {
      byte[] block = blocks.get(i);
      int end = i == blocks.size() - 1 ? used : ends.get(i);
      int at = 0;
      while (left > 0 && at < end) {
        int len = readInt(block, at);
        current.set(block, at + LENGTH_BYTES, len);
        at += LENGTH_BYTES + len;
        left--;
        v.visit(current);
      }
    }
    if (onDisk == 0) {
      return;
    }
    spillOut.flush();
    try (DataInputStream in =
        new DataInputStream(new BufferedInputStream(new FileInputStream(spill), STREAM_BUFFER))) {
      for (long i = 0; i < onDisk; i++) {
        int len;
        try {
          len = WritableUtils.readVInt(in);
          current.readWithKnownLength(in, len);
        } catch (EOFException e) {
          throw new IOException(
              "spill file " + spill + " ends at record " + i + " of " + onDisk, e);
        }
        v.visit(current);
      }
    }
  }

  /** The records' cost in memory now, at most the budget. */
  long memoryBytes() {
    return memoryBytes;
  }

  /** Left records written to spill files since this buffer was made. */
  long spilledRecords() {
    return spilledRecords;
  }

  /** Bytes written to spill files (length prefixes included) since this buffer was made. */
  long spilledBytes() {
    return spilledBytes;
  }

  /**
   * Forgets the current key's records: deletes its spill file and keeps the first memory block
   * for the next key.
   */
  void clear() throws IOException {
    inMemory = 0;
    onDisk = 0;
    used = 0;
    while (blocks.size() > 1) {
      byte[] b = blocks.remove(blocks.size() - 1);
      memoryBytes -= b.length + BLOCK_OVERHEAD;
    }
    ends.clear();
    if (current.getBytes().length > BLOCK_BYTES) {
      current = new Text(); // a record larger than a block was visited: let its copy go
    }
    deleteSpill();
  }

  private void deleteSpill() throws IOException {
    DataOutputStream out = spillOut;
    File f = spill;
    spillOut = null;
    spill = null;
    if (f == null) {
      return;
    }
    try {
      out.close();
    } finally {
      Files.deleteIfExists(f.toPath());
    }
  }

  /** Deletes the spill file and lets the memory go; the buffer can be used again. */
  @Override
  public void close() throws IOException {
    clear();
    blocks.clear();
    memoryBytes = 0;
    current = new Text();
  }
}
