package io.bloomkit.testing;

import io.bloomkit.core.StoredFilter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/** A filter's file bytes, for tests comparing files. */
public final class FilterBytes {
  private FilterBytes() {}

  public static byte[] of(StoredFilter f) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      f.writeTo(out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
