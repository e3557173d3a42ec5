package io.bloomkit.filter;

import java.io.IOException;

/**
 * A serialized filter that cannot be read: wrong magic, unknown version, family or hash, bad
 * parameters, truncation or a checksum mismatch. {@link #field()} names the offending field.
 */
public final class CorruptFilterException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String field;

  public CorruptFilterException(String field, String message) {
    super("corrupt filter: " + field + ": " + message);
    this.field = field;
  }

  /** The header field (or {@code payload}, {@code checksum}) that failed. */
  public String field() {
    return field;
  }
}
