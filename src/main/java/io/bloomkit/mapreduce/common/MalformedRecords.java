package io.bloomkit.mapreduce.common;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MapContext;

/**
 * The rules for malformed records that every record-reading tool applies to each input (each side
 * of a join): a malformed record is counted and skipped; if every record of an input is malformed
 * (and there is at least one) the tool fails, showing the first line, the key field(s) and the
 * delimiter, since a wrong {@code --key-field} or {@code --delimiter} is far likelier than an input
 * of nothing but bad lines; if more than {@code --max-malformed-share} of an input's records are
 * malformed the tool warns on stderr and sets {@code malformedWarning} in its result.
 *
 * <p>To show a line that a task read, each map task attempt that meets a malformed record keeps the
 * first one in a small file of a sample directory the client chose ({@link
 * BloomkitConfig#MALFORMED_SAMPLES}, on the job's file system, so it works on a cluster); the
 * client picks the earliest (file, offset) of an input among them.
 */
public final class MalformedRecords {
  /** The default of {@code --max-malformed-share}: 1% of an input's records. */
  public static final double DEFAULT_MAX_SHARE = 0.01;

  /** Raw bytes of a line kept in a sample; the message shows fewer. */
  static final int SAMPLE_BYTES = 1024;

  /** Characters of a line shown in a message. */
  static final int SHOWN_CHARS = 120;

  private MalformedRecords() {}

  /** A malformed line: where it is, why it is malformed and its first bytes. */
  public static final class Sample {
    public final String file;
    /** The record's position: a byte offset, or with {@link #recordNumber} a record's number. */
    public final long offset;
    /** Whether {@link #offset} is a record's number in the file (columnar formats). */
    public final boolean recordNumber;
    public final String problem;
    public final byte[] line;
    public final int lineLength;

    public Sample(String file, long offset, boolean recordNumber, String problem, byte[] line,
        int lineLength) {
      this.file = file;
      this.offset = offset;
      this.recordNumber = recordNumber;
      this.problem = problem;
      this.line = Arrays.copyOf(line, Math.min(line.length, SAMPLE_BYTES));
      this.lineLength = lineLength;
    }

    boolean before(Sample o) {
      int c = new Text(file).compareTo(new Text(o.file));
      return c < 0 || (c == 0 && offset < o.offset);
    }

    /**
     * {@code FILE at byte offset N: "LINE" (PROBLEM)} ({@code at record N} for a record number),
     * the line truncated and escaped.
     */
    @Override
    public String toString() {
      String text = new String(line, 0, Math.min(line.length, lineLength), StandardCharsets.UTF_8);
      String shown = visible(text, SHOWN_CHARS);
      if (lineLength > line.length && !shown.endsWith("...")) {
        shown += "...";
      }
      return file + (recordNumber ? " at record " : " at byte offset ") + offset + ": \"" + shown + "\" (" + lineLength
          + " bytes; " + problem + ")";
    }
  }

  /** Task side: keeps the first malformed record of a task attempt in the sample directory. */
  public static final class Sampler {
    private final MapContext<?, ?, ?, ?> context;
    private final String input;
    private final boolean recordNumbers;
    private boolean done;

    /**
     * @param input the input's name in the sample's file name ({@code input}, {@code left},
     *     {@code right})
     * @param format the input's format: its positions are byte offsets or record numbers
     */
    public Sampler(MapContext<?, ?, ?, ?> context, String input, TableFormat format) {
      this.context = context;
      this.input = input;
      this.recordNumbers = !format.byteOffsets();
      String dir = BloomkitConfig.MALFORMED_SAMPLES.get(context.getConfiguration());
      done = dir == null || dir.isEmpty();
    }

    /** Notes a malformed line; only the first of the task is written. */
    public void note(long offset, Text line, String problem) {
      if (!done) {
        note(Records.fileOf(context.getInputSplit()), offset, line, problem);
      }
    }

    /**
     * Notes a malformed line of a file the task reads outside its split (a map-side join's left
     * side); only the first of the task is written.
     */
    public void note(String inputFile, long offset, Text line, String problem) {
      if (done) {
        return;
      }
      done = true;
      Configuration conf = context.getConfiguration();
      Path file =
          new Path(BloomkitConfig.MALFORMED_SAMPLES.get(conf), input + "-" + context.getTaskAttemptID());
      try (DataOutputStream out = new DataOutputStream(file.getFileSystem(conf).create(file, true))) {
        out.writeUTF(inputFile);
        out.writeLong(offset);
        out.writeBoolean(recordNumbers);
        out.writeUTF(problem == null ? "malformed" : problem);
        out.writeInt(line.getLength());
        int n = Math.min(line.getLength(), SAMPLE_BYTES);
        out.writeInt(n);
        out.write(line.getBytes(), 0, n);
      } catch (IOException | RuntimeException e) {
        // best effort: the counters still count the record; the message then lacks the line
      }
    }
  }

  /** Sets a fresh sample directory under {@code work} on the job; returns it. */
  public static Path prepare(Job job, Path work) throws IOException {
    Configuration conf = job.getConfiguration();
    FileSystem fs = work.getFileSystem(conf);
    Path dir = fs.makeQualified(new Path(work, "malformed-" + UUID.randomUUID()));
    BloomkitConfig.MALFORMED_SAMPLES.set(conf, dir);
    return dir;
  }

  /** The earliest (file, offset) sample the tasks left for {@code input}, or null. */
  public static Sample first(Configuration conf, Path dir, String input) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    if (!fs.exists(dir)) {
      return null;
    }
    Sample best = null;
    for (FileStatus st : fs.listStatus(dir, p -> p.getName().startsWith(input + "-"))) {
      try (DataInputStream in = new DataInputStream(fs.open(st.getPath()))) {
        String file = in.readUTF();
        long offset = in.readLong();
        boolean recordNumber = in.readBoolean();
        String problem = in.readUTF();
        int length = in.readInt();
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        Sample s = new Sample(file, offset, recordNumber, problem, b, length);
        if (best == null || s.before(best)) {
          best = s;
        }
      } catch (IOException e) {
        // a sample cut short (a killed attempt): use the others
      }
    }
    return best;
  }

  /** One input's record counts, how its keys are cut, and its first malformed line if known. */
  public static final class Tally {
    public final String input;
    public final String keyFields;
    public final String delimiter;
    public long records;
    public long malformed;
    public Sample first;

    /**
     * @param input how messages name the input ({@code input}, {@code left input}, {@code --add
     *     input})
     */
    public Tally(String input, String keyFields, String delimiter) {
      this.input = input;
      this.keyFields = keyFields;
      this.delimiter = delimiter;
    }

    /** The tally of an input read by {@code spec}: its key fields and delimiter. */
    public Tally(String input, TableSpec spec) {
      this(input, String.join(",", spec.fields().subList(0, spec.keyFieldCount())),
          String.valueOf(spec.delimiter()));
    }

    public Tally counts(long records, long malformed, Sample first) {
      this.records = records;
      this.malformed = malformed;
      this.first = first;
      return this;
    }

    /** Notes a malformed line read by the client (keeps the first). */
    public void note(Sample s) {
      malformed++;
      if (first == null) {
        first = s;
      }
    }

    /** Whether the input had records and every one was malformed. */
    public boolean allMalformed() {
      return records > 0 && malformed == records;
    }

    /** Fails when every record was malformed: names the first line, key fields and delimiter. */
    public void failIfAllMalformed() throws AllMalformedException {
      if (!allMalformed()) {
        return;
      }
      throw new AllMalformedException(
          "every one of the " + records + " records of the " + input + " is malformed (key field(s) "
              + keyFields + ", delimiter '" + visible(delimiter, 10) + "'); first: "
              + (first == null ? "(not recorded)" : first.toString())
              + "; check the key field(s) and the delimiter");
    }

    /**
     * Warns on {@code err} when the malformed share is above {@code maxShare}.
     *
     * @return whether it warned
     */
    public boolean warnIfAbove(double maxShare, PrintStream err) {
      if (records == 0 || malformed <= maxShare * records) {
        return false;
      }
      err.println(
          String.format(Locale.ROOT,
              "warning: %d of the %d records of the %s are malformed (%.4g%%), above"
                  + " --max-malformed-share %s; first: %s",
              malformed, records, input, 100.0 * malformed / records, maxShare,
              first == null ? "(not recorded)" : first.toString()));
      err.flush();
      return true;
    }
  }

  /** Every record of an input was malformed. */
  public static final class AllMalformedException extends IOException {
    private static final long serialVersionUID = 1L;

    public AllMalformedException(String message) {
      super(message);
    }
  }

  /**
   * {@code s} with control characters made visible ({@code \t}, {@code \n}, {@code \r}, {@code
   * \xNN}; a backslash doubled), cut to {@code max} characters followed by {@code ...}.
   */
  public static String visible(String s, int max) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      if (b.length() >= max) {
        b.append("...");
        break;
      }
      switch (cp) {
        case '\t':
          b.append("\\t");
          break;
        case '\n':
          b.append("\\n");
          break;
        case '\r':
          b.append("\\r");
          break;
        case '\\':
          b.append("\\\\");
          break;
        default:
          if (cp < 0x20 || cp == 0x7f) {
            b.append(String.format(Locale.ROOT, "\\x%02x", cp));
          } else if (Character.isISOControl(cp)) {
            b.append(String.format(Locale.ROOT, "\\u%04x", cp));
          } else {
            b.appendCodePoint(cp);
          }
      }
    }
    return b.toString();
  }
}
