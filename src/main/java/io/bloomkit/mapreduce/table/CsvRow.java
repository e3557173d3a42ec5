package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.hadoop.io.Text;

/**
 * One CSV record (RFC 4180, parsed by commons-csv) as a {@link Row}: the slots are 0-based field
 * numbers (a header's names are resolved to numbers by the reader, per file). The record's bytes
 * are kept as read for {@link #line()}.
 *
 * <p>Malformed ({@link #problem}), as {@link TextRow} where the rules are the same: a blank line;
 * a record without one of the slots' fields ({@code has N fields, key field F missing}); a record
 * that is not valid UTF-8; a CSV syntax error ({@code CSV syntax error: ...}, such as text after a
 * closing quote, or a quote never closed before the end of the file).
 *
 * <p>Nulls: an <em>unquoted</em> field equal to the null token is null, and so is an unquoted
 * empty field with {@code emptyIsNull}. A quoted field is always a string: {@code ""} is the empty
 * string and {@code "\N"} the two characters (PostgreSQL's {@code COPY ... CSV} rule; Spark also
 * reads a quoted {@code ""} as the empty string), so any string can be written.
 *
 * <p>Where fields and quotes are ({@link #quoteState}) is found on the raw bytes, with commons-csv's
 * rules: a quote opens a quoted field only as the field's first character, a doubled quote inside
 * quotes is a quote, and line breaks inside quotes belong to the field. Not thread-safe.
 */
final class CsvRow extends CheckedRow {
  static final byte QUOTE = '"';

  /** Quote states of {@link #quoteState}. */
  static final int FIELD_START = 0;

  static final int UNQUOTED = 1;
  static final int QUOTED = 2;
  /** A quote inside a quoted field: it closes the field, unless another quote follows. */
  static final int QUOTE_SEEN = 3;

  private final CSVFormat format;
  private final byte[] delimiter;
  private final int[] slots;
  private final int keySlots;
  private final String nullToken;
  private final boolean emptyIsNull;
  private final Object[] slotValues;
  /** Whether each field of the record was quoted (grown to the widest record). */
  private boolean[] quoted;
  private final CharsetDecoder decoder =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
  private int endState;
  private final Feed feed = new Feed();
  private CSVParser parser;
  private java.util.Iterator<CSVRecord> records;
  private Text line;
  /** The record parsed, when it has no problem. */
  private CSVRecord current;

  /**
   * @param slots the 0-based field number of each slot
   */
  CsvRow(TableSpec spec, int[] slots) {
    this.format = format(spec.delimiter());
    this.delimiter = String.valueOf(spec.delimiter()).getBytes(StandardCharsets.UTF_8);
    this.slots = slots.clone();
    this.keySlots = spec.keyFieldCount();
    int max = -1;
    for (int s : slots) {
      max = Math.max(max, s);
    }
    this.nullToken = spec.nullToken();
    this.emptyIsNull = spec.emptyIsNull();
    this.slotValues = new Object[slots.length];
    this.quoted = new boolean[max + 1];
  }

  /** commons-csv's RFC 4180 format with {@code delimiter}; empty lines are records (blank lines). */
  static CSVFormat format(char delimiter) {
    if (delimiter == '"') {
      throw new IllegalArgumentException("the CSV delimiter cannot be the quote character '\"'");
    }
    return CSVFormat.RFC4180.builder().setDelimiter(delimiter).setIgnoreEmptyLines(false).build();
  }

  /**
   * Reads {@code record}: one record's bytes without its final line break (kept by reference: the
   * caller must not change it while the row is used).
   */
  void set(Text record) {
    this.line = record;
    current = null;
    problem = parse(record.getBytes(), record.getLength());
  }

  /**
   * Whether the record ends inside a quoted field: read line by line, its field goes on past the
   * line break (or the quote is never closed).
   */
  boolean unclosedQuote() {
    return endState == QUOTED;
  }

  /** Whether {@code line} ends inside a quoted field (see {@link #unclosedQuote()}). */
  static boolean unclosedQuote(Text line, char delimiter) {
    byte[] d = String.valueOf(delimiter).getBytes(StandardCharsets.UTF_8);
    int state = FIELD_START;
    for (int i = 0; i < line.getLength(); i++) {
      state = quoteState(state, line.getBytes(), i, d);
    }
    return state == QUOTED;
  }

  private String parse(byte[] b, int len) {
    scan(b, len);
    if (TextRow.blank(b, len)) {
      return "blank line";
    }
    if (!feed.set(decoder, b, len)) {
      return "record is not valid UTF-8";
    }
    CSVRecord record;
    try {
      record = next();
    } catch (IOException e) {
      parser = null;
      return "CSV syntax error: " + e.getMessage().replaceFirst("^\\((start)?line \\d+\\) ", "");
    }
    String missing = TextRow.missingField(record.size(), slots, keySlots);
    if (missing != null) {
      return missing;
    }
    for (int i = 0; i < slots.length; i++) {
      slotValues[i] = value(record, slots[i]);
    }
    current = record;
    return null;
  }

  /** Field {@code f} of {@code record} with the null rules applied. */
  private String value(CSVRecord record, int f) {
    String s = record.get(f);
    boolean isNull =
        !(f < quoted.length && quoted[f])
            && ((nullToken != null && nullToken.equals(s)) || (emptyIsNull && s.isEmpty()));
    return isNull ? null : s;
  }

  /**
   * The record's fields as strings, with the null rules applied: field {@code i} in column {@code
   * i}, a field beyond the schema's columns ignored and a column beyond the record's fields null
   * (as Hive's LazySimpleSerDe reads a short or a long text row).
   */
  @Override
  public GenericRecord record(Schema schema) {
    requireWellFormed();
    GenericRecord r = new GenericData.Record(schema);
    int[] from = fieldsOf(schema);
    for (int i = 0, n = schema.getFields().size(); i < n; i++) {
      int f = from == null ? i : from[i];
      r.put(i, f >= 0 && f < current.size() ? value(current, f) : null);
    }
    return r;
  }

  /**
   * Whether a key field of the record is empty and unquoted: SQL NULL as DuckDB's and Spark's CSV
   * writers write it (an empty string they quote), read as an empty string without {@code
   * emptyIsNull}.
   */
  boolean unquotedEmptyKey() {
    if (current == null || emptyIsNull) {
      return false;
    }
    for (int i = 0; i < keySlots; i++) {
      int f = slots[i];
      if (f < current.size() && current.get(f).isEmpty() && !(f < quoted.length && quoted[f])) {
        return true;
      }
    }
    return false;
  }

  /** The column names of this file's header ({@link TableSchemas#csvColumnNames}), or null. */
  private List<String> columns;

  private Schema columnsSchema;
  private int[] columnsFields;

  /**
   * Sets the column names of this file's header: {@link #record} then takes each column of the
   * schema by name (a column the header lacks is null), as Spark reads CSV files whose headers
   * order the columns differently.
   */
  void columns(List<String> names) {
    this.columns = names;
    this.columnsSchema = null;
  }

  /** The field number of each column of {@code schema} in this file (-1: none), or null. */
  private int[] fieldsOf(Schema schema) {
    if (columns == null) {
      return null;
    }
    if (schema != columnsSchema) {
      columnsFields = new int[schema.getFields().size()];
      for (int i = 0; i < columnsFields.length; i++) {
        columnsFields[i] = columns.indexOf(schema.getFields().get(i).name());
      }
      columnsSchema = schema;
    }
    return columnsFields;
  }

  /**
   * The record in {@link #feed}, read by one parser kept across records (a parser per record costs
   * ten times more); after a syntax error the parser's state is lost, so the next record gets a new
   * one.
   */
  private CSVRecord next() throws IOException {
    if (parser == null) {
      parser = new CSVParser(feed, format);
      records = parser.iterator();
    }
    CSVRecord r = next(records);
    if (r == null || !feed.consumed()) {
      throw new IOException("not one CSV record"); // not after cutting records at line breaks
    }
    return r;
  }

  /**
   * The characters of one record and a line feed, then an end of file if a parser reads on (a
   * quote that does not close): what a {@link CSVParser} reads, one record at a time.
   */
  private static final class Feed extends java.io.Reader {
    private java.nio.CharBuffer chars = java.nio.CharBuffer.allocate(256);
    private boolean newline;

    /** Decodes {@code b[0..len)} as the next record; false if it is not valid UTF-8. */
    boolean set(CharsetDecoder decoder, byte[] b, int len) {
      int need = (int) Math.ceil(len * (double) decoder.maxCharsPerByte()) + 1;
      if (chars.capacity() < need) {
        chars = java.nio.CharBuffer.allocate(Math.max(need, chars.capacity() * 2));
      }
      chars.clear();
      decoder.reset();
      ByteBuffer in = ByteBuffer.wrap(b, 0, len);
      if (decoder.decode(in, chars, true).isError() || decoder.flush(chars).isError()) {
        chars.clear().flip();
        newline = false;
        return false;
      }
      chars.flip();
      newline = true;
      return true;
    }

    /** Whether a parser read the whole record (and its line feed). */
    boolean consumed() {
      return !chars.hasRemaining() && !newline;
    }

    @Override
    public int read(char[] cbuf, int off, int len) {
      if (len == 0) {
        return 0;
      }
      int n = Math.min(len, chars.remaining());
      chars.get(cbuf, off, n);
      if (n < len && newline) {
        cbuf[off + n++] = '\n';
        newline = false;
      }
      return n == 0 ? -1 : n;
    }

    @Override
    public void close() {}
  }

  /** Finds which fields are quoted, and the quote state at the end. */
  private void scan(byte[] b, int len) {
    int state = FIELD_START;
    int field = 0;
    java.util.Arrays.fill(quoted, false);
    for (int i = 0; i < len; i++) {
      int next = quoteState(state, b, i, delimiter);
      if (state == FIELD_START && next == QUOTED) {
        if (field >= quoted.length) {
          quoted = java.util.Arrays.copyOf(quoted, 2 * field + 1);
        }
        quoted[field] = true;
      }
      if (next == FIELD_START) {
        field++;
      }
      state = next;
    }
    endState = state;
  }

  /**
   * The quote state after byte {@code i} of a record whose bytes so far are {@code b[0..i]} (a
   * line break is not passed here: outside quotes it ends the record), from {@code state} before
   * it. {@link #FIELD_START}: a field begins after this byte (the record's start, or after a
   * delimiter); {@link #UNQUOTED}: inside an unquoted field, or after a quoted field's closing
   * quote (what follows it up to the delimiter is commons-csv's to judge); {@link #QUOTED}: inside
   * quotes; {@link #QUOTE_SEEN}: a quote inside quotes, closing unless the next byte is a quote.
   */
  static int quoteState(int state, byte[] b, int i, byte[] delimiter) {
    byte c = b[i];
    switch (state) {
      case QUOTED:
        return c == QUOTE ? QUOTE_SEEN : QUOTED;
      case QUOTE_SEEN:
        if (c == QUOTE) {
          return QUOTED;
        }
        return endsWith(b, i, delimiter) ? FIELD_START : UNQUOTED;
      case FIELD_START:
        if (c == QUOTE) {
          return QUOTED;
        }
        return endsWith(b, i, delimiter) ? FIELD_START : UNQUOTED;
      default:
        return endsWith(b, i, delimiter) ? FIELD_START : UNQUOTED;
    }
  }

  /** Whether {@code b[..i]} ends with the delimiter's bytes (UTF-8: no false match mid-character). */
  private static boolean endsWith(byte[] b, int i, byte[] delimiter) {
    int start = i - delimiter.length + 1;
    if (start < 0) {
      return false;
    }
    for (int t = 0; t < delimiter.length; t++) {
      if (b[start + t] != delimiter[t]) {
        return false;
      }
    }
    return true;
  }

  /** The fields of one record's bytes (a header): commons-csv's values, in order. */
  static List<String> fields(CSVFormat format, String record) throws IOException {
    CSVRecord r = first(format, record);
    List<String> out = new ArrayList<>();
    if (r != null) {
      r.forEach(out::add);
    }
    return out;
  }

  /**
   * The first record commons-csv reads from {@code text}, or null if none.
   *
   * @throws IOException with commons-csv's message when the text is not CSV
   */
  private static CSVRecord first(CSVFormat format, String text) throws IOException {
    try (CSVParser parser = CSVParser.parse(text, format)) {
      return next(parser.iterator());
    }
  }

  /**
   * The next record of a parser's iterator, or null at its end.
   *
   * @throws IOException with commons-csv's message (its iterator wraps it) when the text is not CSV
   */
  private static CSVRecord next(java.util.Iterator<CSVRecord> it) throws IOException {
    try {
      return it.hasNext() ? it.next() : null;
    } catch (java.io.UncheckedIOException e) {
      throw e.getCause();
    } catch (IllegalStateException e) {
      throw new IOException(e.getCause() != null ? e.getCause().getMessage() : e.getMessage(), e);
    }
  }

  @Override
  Object slot(int slot) {
    return slotValues[slot];
  }

  @Override
  public Text line() {
    return line;
  }
}
