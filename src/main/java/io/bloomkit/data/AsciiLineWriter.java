package io.bloomkit.data;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A buffered writer of ASCII lines that formats numbers without creating strings; generators write
 * tens of millions of lines, and {@code String.format} per line would dominate the time.
 * {@link #close()} flushes and closes the underlying stream.
 */
final class AsciiLineWriter implements Closeable {
  private static final int BUFFER = 1 << 16;

  private final OutputStream out;
  private final byte[] buf = new byte[BUFFER];
  private final byte[] digits = new byte[20];
  private int pos;
  private long bytesWritten;
  private long lines;

  AsciiLineWriter(OutputStream out) {
    this.out = out;
  }

  AsciiLineWriter writeLong(long v) throws IOException {
    if (pos + 21 > BUFFER) {
      flushBuffer();
    }
    if (v == Long.MIN_VALUE) {
      return writeAscii(Long.toString(v));
    }
    if (v < 0) {
      buf[pos++] = '-';
      v = -v;
    }
    int n = 0;
    do {
      digits[n++] = (byte) ('0' + (v % 10));
      v /= 10;
    } while (v != 0);
    while (n > 0) {
      buf[pos++] = digits[--n];
    }
    return this;
  }

  AsciiLineWriter writeByte(char c) throws IOException {
    if (pos == BUFFER) {
      flushBuffer();
    }
    buf[pos++] = (byte) c;
    return this;
  }

  /** Writes the chars of {@code s}, which must be ASCII (checked: a non-ASCII char throws). */
  AsciiLineWriter writeAscii(String s) throws IOException {
    for (int i = 0, n = s.length(); i < n; i++) {
      char c = s.charAt(i);
      if (c > 0x7f) {
        throw new IllegalArgumentException("not ASCII: " + s);
      }
      writeByte(c);
    }
    return this;
  }

  void endLine() throws IOException {
    writeByte('\n');
    lines++;
  }

  long lines() {
    return lines;
  }

  long bytes() {
    return bytesWritten + pos;
  }

  private void flushBuffer() throws IOException {
    out.write(buf, 0, pos);
    bytesWritten += pos;
    pos = 0;
  }

  @Override
  public void close() throws IOException {
    try {
      flushBuffer();
    } finally {
      out.close();
    }
  }
}
