package io.bloomkit.mapreduce.table;

import java.util.Locale;

/**
 * The record formats bloomkit reads and writes. {@code auto} is not a format but the option value
 * that asks {@link #detect} to look at a file's first bytes.
 */
public enum TableFormat {
  /** Delimited lines ({@code --delimiter}); compressed files through Hadoop's codecs. */
  TEXT(false),
  /** RFC 4180 CSV (commons-csv): quoted fields, escaped quotes, optional header row. */
  CSV(false),
  /** Hadoop SequenceFile: the record's key, or fields of a Text value split by the delimiter. */
  SEQFILE(false),
  /** Avro object container files. */
  AVRO(true),
  /** Apache Parquet. */
  PARQUET(true),
  /** Apache ORC. */
  ORC(true);

  private final boolean selfDescribing;

  TableFormat(boolean selfDescribing) {
    this.selfDescribing = selfDescribing;
  }

  /** Whether files carry their schema, so fields are named by column ({@code a.b} when nested). */
  public boolean selfDescribing() {
    return selfDescribing;
  }

  /**
   * Whether a record's position ({@link TableInputFormat}'s key) is its byte offset in the file:
   * text, CSV and SequenceFile; the columnar formats give the record's number in its file, from 0.
   */
  public boolean byteOffsets() {
    return this == TEXT || this == CSV || this == SEQFILE;
  }

  /** Where a record at {@code position} is, for messages: {@code byte offset N} or {@code record N}. */
  public String where(long position) {
    return (byteOffsets() ? "byte offset " : "record ") + position;
  }

  /** The option value: {@code text}, {@code csv}, {@code seqfile}, {@code avro}, ... */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The format of an option value.
   *
   * @return null for {@code auto}
   * @throws IllegalArgumentException naming {@code option} and the accepted values
   */
  public static TableFormat parse(String option, String value) {
    if (value == null || value.equalsIgnoreCase("auto")) {
      return null;
    }
    for (TableFormat f : values()) {
      if (f.cliName().equalsIgnoreCase(value.trim())) {
        return f;
      }
    }
    StringBuilder ok = new StringBuilder("auto");
    for (TableFormat f : values()) {
      ok.append('|').append(f.cliName());
    }
    throw new IllegalArgumentException(
        "--" + option + " must be " + ok + ", got \"" + value + "\"");
  }

  /**
   * The format a file's first bytes announce: {@code PAR1} Parquet, {@code ORC} ORC, {@code Obj}
   * followed by byte 1 an Avro container, {@code SEQ} and a version byte (1 to 6) a SequenceFile; anything else (compressed
   * text included) is text. CSV is never detected: it looks like text and is asked for by name.
   *
   * @param head the first bytes of the file (up to 4; fewer for a short file)
   */
  public static TableFormat detect(byte[] head, int length) {
    if (startsWith(head, length, 'P', 'A', 'R', '1')) {
      return PARQUET;
    }
    if (startsWith(head, length, 'O', 'R', 'C')) {
      return ORC;
    }
    if (length >= 4 && head[0] == 'O' && head[1] == 'b' && head[2] == 'j' && head[3] == 1) {
      return AVRO;
    }
    if (startsWith(head, length, 'S', 'E', 'Q') && length >= 4 && head[3] >= 1 && head[3] <= 6) {
      return SEQFILE;
    }
    return TEXT;
  }

  private static boolean startsWith(byte[] head, int length, char... magic) {
    if (length < magic.length) {
      return false;
    }
    for (int i = 0; i < magic.length; i++) {
      if (head[i] != (byte) magic[i]) {
        return false;
      }
    }
    return true;
  }
}
