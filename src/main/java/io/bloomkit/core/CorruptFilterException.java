package io.bloomkit.core;

import java.io.IOException;

/**
 * A serialized filter that cannot be read: wrong magic, unknown version, family or hash, bad
 * parameters, sizes the file cannot hold, truncation, a checksum mismatch or bytes after the
 * checksum. {@link #field()} names the offending field; where the reader knows the file, the message
 * starts with its path ({@code hdfs://.../f.acbf: corrupt filter: payloadBytes: ...}).
 */
public final class CorruptFilterException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String field;
  private final String detail;

  public CorruptFilterException(String field, String message) {
    this(null, field, message, null);
  }

  private CorruptFilterException(String file, String field, String detail, Throwable cause) {
    super((file == null ? "" : file + ": ") + "corrupt filter: " + field + ": " + detail, cause);
    this.field = field;
    this.detail = detail;
  }

  /** The header field (or {@code payload}, {@code checksum}, {@code trailing bytes}) that failed. */
  public String field() {
    return field;
  }

  /** The same failure, its message starting with {@code file} (a path or URI). */
  public CorruptFilterException inFile(Object file) {
    return new CorruptFilterException(String.valueOf(file), field, detail, this);
  }
}
