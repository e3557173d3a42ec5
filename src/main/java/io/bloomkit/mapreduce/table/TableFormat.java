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

  /** How many bytes of a file's end {@link #detect} looks at: ORC's longest postscript and its length. */
  public static final int TAIL = 256;

  /**
   * The format a whole file's signature announces (the file is {@code bytes[0..length)}).
   *
   * @see #detect(byte[], int, byte[], int, long)
   */
  public static TableFormat detect(byte[] bytes, int length) {
    int tail = Math.min(length, TAIL);
    byte[] end = java.util.Arrays.copyOfRange(bytes, length - tail, length);
    return detect(bytes, Math.min(length, 4), end, tail, length);
  }

  /**
   * The format a file's whole signature announces, from its first bytes and its last ones:
   * Parquet begins and ends with {@code PAR1} (its footer's magic, at least 12 bytes in all); ORC
   * begins with {@code ORC} and ends with its postscript, whose length is the last byte and which
   * holds the magic {@code ORC}; an Avro container begins with {@code Obj} and byte 1; a
   * SequenceFile with {@code SEQ} and a version byte (1 to 6). Anything else is text, compressed
   * text and a text file whose first line begins with {@code ORC} or {@code PAR1} included. CSV is
   * never detected: it looks like text and is asked for by name.
   *
   * @param head the file's first bytes (up to 4; fewer for a short file)
   * @param tail the file's last bytes (up to {@link #TAIL})
   * @param fileLength the file's length
   */
  public static TableFormat detect(
      byte[] head, int headLength, byte[] tail, int tailLength, long fileLength) {
    if (fileLength >= 12 && startsWith(head, headLength, 'P', 'A', 'R', '1')
        && tailLength >= 4 && tail[tailLength - 4] == 'P' && tail[tailLength - 3] == 'A'
        && tail[tailLength - 2] == 'R' && tail[tailLength - 1] == '1') {
      return PARQUET;
    }
    if (startsWith(head, headLength, 'O', 'R', 'C') && orcPostscript(tail, tailLength, fileLength)) {
      return ORC;
    }
    if (headLength >= 4 && head[0] == 'O' && head[1] == 'b' && head[2] == 'j' && head[3] == 1) {
      return AVRO;
    }
    if (startsWith(head, headLength, 'S', 'E', 'Q') && headLength >= 4 && head[3] >= 1
        && head[3] <= 6) {
      return SEQFILE;
    }
    return TEXT;
  }

  /**
   * The columnar format whose magic {@code head} begins with (Parquet's {@code PAR1}, ORC's
   * {@code ORC}), or null: what a file that {@link #detect} takes for text claims to be.
   */
  public static TableFormat claimed(byte[] head, int headLength) {
    if (startsWith(head, headLength, 'P', 'A', 'R', '1')) {
      return PARQUET;
    }
    return startsWith(head, headLength, 'O', 'R', 'C') ? ORC : null;
  }

  /** Whether a file ends with an ORC postscript: its length last, the magic {@code ORC} in it. */
  private static boolean orcPostscript(byte[] tail, int tailLength, long fileLength) {
    if (tailLength < 1) {
      return false;
    }
    int ps = tail[tailLength - 1] & 0xff;
    if (ps < 3 || ps + 1 > tailLength || ps + 1 + 3 > fileLength) {
      return false;
    }
    for (int i = tailLength - 1 - ps; i + 3 <= tailLength - 1; i++) {
      if (tail[i] == 'O' && tail[i + 1] == 'R' && tail[i + 2] == 'C') {
        return true;
      }
    }
    return false;
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
