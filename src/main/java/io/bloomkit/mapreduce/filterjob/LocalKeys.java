package io.bloomkit.mapreduce.filterjob;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Progress;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.BuildCounters;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TableStats;
import io.bloomkit.mapreduce.table.Tables;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;

/**
 * The distinct keys of a build's inputs, read in this process ({@link Tables#read}: the files,
 * splits, codecs and rows a build job's tasks read) and keyed as the build job's mappers key them
 * ({@link DistinctKeyMapper}): the canonical bytes of the table's key fields ({@link KeyEncoder});
 * a record with a null key is counted and left out; a malformed record is counted and skipped, the
 * first one kept as the tally's sample, or with {@code strict} fails the read naming its file and
 * position. The client-side build ({@link FilterBuild}, for inputs of at most {@link
 * BloomkitConfig#BUILD_LOCAL_MAX_BYTES}) and the join planner use it.
 *
 * <p>The keys are held compactly, with no object per key: their bytes end to end in one array,
 * each key's start in an int array, and an open-addressing table of key numbers (linear probing,
 * at most half full). A distinct key costs its bytes plus 8 to 16 bytes of index. The memory held
 * ({@link #heldBytes}) is bounded by {@link BloomkitConfig#BUILD_LOCAL_MAX_BYTES}, the threshold
 * that chose the client path: past it the read stops with {@link TooLargeException} (the caller
 * runs the job instead). Not thread-safe.
 */
public final class LocalKeys {
  private final MalformedRecords.Tally tally;
  private final long budget;
  /** The keys' bytes, end to end; {@code starts[i]..starts[i + 1]} is key i. */
  private byte[] arena = new byte[1024];
  private int[] starts = new int[65];
  private int[] hashes = new int[64];
  /** Key number + 1 per slot, 0 for an empty slot; its length a power of two. */
  private int[] slots = new int[128];
  private int size;
  private long nullKeys;
  private final Counters readerCounters = new Counters();

  private LocalKeys(MalformedRecords.Tally tally, long budget) {
    this.tally = tally;
    this.budget = budget;
  }

  /** The keys held more memory than {@link BloomkitConfig#BUILD_LOCAL_MAX_BYTES} allows. */
  public static final class TooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    TooLargeException(String message) {
      super(message);
    }
  }

  /**
   * Reads every record of inputs in this process ({@link Tables#read}), keys by table's key fields.
   *
   * @param inputName how messages name the input ({@code input}; join: {@code left input})
   * @param strict fail on the first malformed record ({@link Records.MalformedRecordException},
   *     naming its file and position) instead of counting it
   * @throws TooLargeException when the keys would hold more than {@link
   *     BloomkitConfig#BUILD_LOCAL_MAX_BYTES} bytes of memory
   */
  public static LocalKeys read(Configuration conf, TableSpec table, Path[] inputs, String inputName,
      boolean strict) throws IOException {
    return read(conf, table, inputs, inputName, strict, Progress.current(), STEP_NANOS);
  }

  /** The time between two lines of {@code keys so far} while the client reads keys. */
  static final long STEP_NANOS = 5_000_000_000L;

  /** Records read between two looks at the clock. */
  static final int STEP_RECORDS = 4096;

  /**
   * As {@link #read(Configuration, TableSpec, Path[], String, boolean)}, printing a {@link
   * Progress#step} line {@code reading the INPUT in the client: R records, K distinct keys so far}
   * when {@code stepNanos} have passed since the start or the last such line (looked at every
   * {@link #STEP_RECORDS} records), so a long client-side build shows its work.
   */
  static LocalKeys read(Configuration conf, TableSpec table, Path[] inputs, String inputName,
      boolean strict, Progress progress, long stepNanos) throws IOException {
    Progress.Every every = progress.every(stepNanos);
    LocalKeys k = new LocalKeys(new MalformedRecords.Tally(inputName, table),
        Math.min(BloomkitConfig.BUILD_LOCAL_MAX_BYTES.getLong(conf), Integer.MAX_VALUE - 64L));
    KeyEncoder encoder = new KeyEncoder(table);
    boolean recordNumbers = !table.format().byteOffsets();
    Tables.read(conf, table, (file, position, row) -> {
      if (++k.tally.records % STEP_RECORDS == 0) {
        every.step(() -> "reading the " + inputName + " in the client: " + k.tally.records
            + " records, " + k.size + " distinct keys so far");
      }
      switch (encoder.encode(row)) {
        case MALFORMED:
          if (strict) {
            throw new Records.MalformedRecordException("malformed record in " + file + " at "
                + table.format().where(position) + ": " + encoder.problem());
          }
          Text line = row.line();
          k.tally.note(new MalformedRecords.Sample(file.toString(), position, recordNumbers,
              encoder.problem(), line.getBytes(), line.getLength()));
          return;
        case NULL:
          k.nullKeys++;
          return;
        default:
          byte[] key = encoder.key();
          k.add(key, 0, key.length);
      }
    }, k.readerCounters, inputs);
    return k;
  }

  /** The distinct keys. */
  public long distinctKeys() {
    return size;
  }

  /** The bytes of the distinct keys (their canonical encodings, summed). */
  public long keyBytes() {
    return starts[size];
  }

  /** The records read (malformed and null-key ones included). */
  public long records() {
    return tally.records;
  }

  /** Records whose key is null (never in a filter). */
  public long nullKeys() {
    return nullKeys;
  }

  /** The memory the keys hold: the arrays at their capacity. */
  public long heldBytes() {
    return arena.length + 4L * (starts.length + hashes.length + slots.length);
  }

  /** The input's records, the malformed ones and the first of them. */
  public MalformedRecords.Tally tally() {
    return tally;
  }

  /**
   * The read's counters as a build job's (the counters {@code build} reports): {@link
   * BuildCounters#INPUT_RECORDS}, {@link BuildCounters#MALFORMED_RECORDS}, {@link
   * BuildCounters#NULL_KEYS}, {@link BuildCounters#DISTINCT_KEYS} and the readers' {@link
   * TableStats.ReaderCounter#BYTES_READ}.
   */
  public JobCounters counters() {
    Counters c = new Counters();
    c.findCounter(BuildCounters.INPUT_RECORDS).setValue(tally.records);
    c.findCounter(BuildCounters.MALFORMED_RECORDS).setValue(tally.malformed);
    c.findCounter(BuildCounters.NULL_KEYS).setValue(nullKeys);
    c.findCounter(BuildCounters.DISTINCT_KEYS).setValue(size);
    c.findCounter(TableStats.ReaderCounter.BYTES_READ)
        .setValue(readerCounters.findCounter(TableStats.ReaderCounter.BYTES_READ).getValue());
    return JobCounters.of(c);
  }

  /** Whether {@code key[off, off + len)} is one of the keys. */
  public boolean contains(byte[] key, int off, int len) {
    return slots[find(key, off, len, hash(key, off, len))] != 0;
  }

  /**
   * A filter of {@code sized} (its items set, for {@link #distinctKeys()} or as given) holding
   * every distinct key, built as the build job's tasks build theirs ({@link PartialFilter}): the
   * same filter, bit for bit, as the job builds from the same keys.
   */
  public Filter build(FilterSpec sized) {
    PartialFilter p = PartialFilter.create(sized);
    for (int i = 0; i < size; i++) {
      p.add(arena, starts[i], starts[i + 1] - starts[i]);
    }
    return p.finish();
  }

  /**
   * The bounds of the keys ({@link KeyBounds}) as keys of {@code type}, or null when there are
   * none or {@code type} has no bounds.
   */
  public io.bloomkit.mapreduce.table.KeyBounds bounds(io.bloomkit.core.key.KeyType type) {
    if (size == 0 || !io.bloomkit.mapreduce.table.KeyBounds.supports(type)) {
      return null;
    }
    io.bloomkit.mapreduce.table.KeyBounds.Collector c =
        new io.bloomkit.mapreduce.table.KeyBounds.Collector(type);
    for (int i = 0; i < size; i++) {
      c.add(arena, starts[i], starts[i + 1] - starts[i]);
    }
    return c.bounds();
  }

  /** Adds a key (copied) unless held. */
  private void add(byte[] key, int off, int len) throws TooLargeException {
    int h = hash(key, off, len);
    int slot = find(key, off, len, h);
    if (slots[slot] != 0) {
      return;
    }
    int end = starts[size];
    long need = (long) end + len;
    if (need > arena.length || size + 1 >= hashes.length || 2L * (size + 1) > slots.length) {
      grow(need);
      slot = find(key, off, len, h);
    }
    System.arraycopy(key, off, arena, end, len);
    hashes[size] = h;
    starts[size + 1] = end + len;
    slots[slot] = ++size;
  }

  private void grow(long arenaNeed) throws TooLargeException {
    int arenaLength = arena.length;
    while (arenaLength < arenaNeed) {
      arenaLength = (int) Math.min(2L * arenaLength, Integer.MAX_VALUE - 64L);
      if (arenaLength < arenaNeed && arenaLength >= Integer.MAX_VALUE - 64L) {
        throw tooLarge(arenaNeed);
      }
    }
    int keys = size + 1 >= hashes.length ? 2 * hashes.length : hashes.length;
    int slotCount = 2L * (size + 1) > slots.length ? 2 * slots.length : slots.length;
    long after = arenaLength + 4L * (keys + 1 + keys + slotCount);
    if (after > budget) {
      throw tooLarge(after);
    }
    if (arenaLength != arena.length) {
      arena = Arrays.copyOf(arena, arenaLength);
    }
    if (keys != hashes.length) {
      hashes = Arrays.copyOf(hashes, keys);
      starts = Arrays.copyOf(starts, keys + 1);
    }
    if (slotCount != slots.length) {
      slots = new int[slotCount];
      int mask = slotCount - 1;
      for (int i = 0; i < size; i++) {
        int s = hashes[i] & mask;
        while (slots[s] != 0) {
          s = (s + 1) & mask;
        }
        slots[s] = i + 1;
      }
    }
  }

  private TooLargeException tooLarge(long bytes) {
    return new TooLargeException("the distinct keys of the " + tally.input + " would hold " + bytes
        + " bytes after " + size + " keys of " + tally.records + " records, more than "
        + BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key() + " = " + budget);
  }

  /** The slot holding the key, or the empty slot where it goes. */
  private int find(byte[] key, int off, int len, int h) {
    int mask = slots.length - 1;
    int s = h & mask;
    while (true) {
      int k = slots[s];
      if (k == 0) {
        return s;
      }
      int i = k - 1;
      if (hashes[i] == h
          && Arrays.equals(arena, starts[i], starts[i + 1], key, off, off + len)) {
        return s;
      }
      s = (s + 1) & mask;
    }
  }

  /** A well-mixed 32-bit hash of the bytes (FNV-1a, then Murmur3's finaliser). */
  private static int hash(byte[] b, int off, int len) {
    int h = 0x811c9dc5;
    for (int i = off; i < off + len; i++) {
      h = (h ^ (b[i] & 0xff)) * 0x01000193;
    }
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    return h ^ (h >>> 16);
  }
}
