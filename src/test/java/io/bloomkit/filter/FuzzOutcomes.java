package io.bloomkit.filter;

/**
 * The outcomes a deserializer may have on arbitrary bytes: success, or one of the documented
 * exceptions ({@link CorruptFilterException} for damage, {@link UnsupportedFamilyException} for a
 * well-formed file of a family the reader does not take). Anything else, an unchecked exception,
 * an {@link OutOfMemoryError} or a {@link StackOverflowError}, propagates and is a finding.
 */
public final class FuzzOutcomes {
  private FuzzOutcomes() {}

  /** Something reading bytes. */
  public interface Read<T> {
    T read() throws Exception;
  }

  /** The value read, or null when {@code read} failed with a documented exception. */
  public static <T> T allowed(Read<T> read) throws Exception {
    try {
      return read.read();
    } catch (CorruptFilterException e) {
      if (e.field() == null || e.field().isEmpty()) {
        throw new AssertionError("a corrupt filter must name its field", e);
      }
      return null;
    } catch (UnsupportedFamilyException e) {
      return null;
    }
  }
}
