package io.bloomkit.core;

import java.io.IOException;
import java.util.Collection;
import java.util.stream.Collectors;

/**
 * A well-formed filter file of a family the reader or tool cannot use (a stream filter given to
 * {@code join}, a Bloom filter given to {@code update}): not corruption, a wrong input.
 */
public final class UnsupportedFamilyException extends IOException {
  private static final long serialVersionUID = 1L;

  private final FilterFamily family;

  private UnsupportedFamilyException(String message, FilterFamily family, Throwable cause) {
    super(message, cause);
    this.family = family;
  }

  /**
   * {@code unsupported family sbf for join (join needs bf, cbf, acbf, exact, sbbf)}.
   *
   * @param user what reads the file: a tool's name or a reader's
   */
  public static UnsupportedFamilyException of(
      FilterFamily family, String user, Collection<FilterFamily> accepted) {
    String names = accepted.stream().map(FilterFamily::shortName).collect(Collectors.joining(", "));
    return new UnsupportedFamilyException(
        "unsupported family " + family.shortName() + " for " + user + " (" + user + " needs "
            + names + ")",
        family,
        null);
  }

  /** The family the file holds. */
  public FilterFamily family() {
    return family;
  }

  /** The same failure, its message starting with {@code file} (a path or URI). */
  public UnsupportedFamilyException inFile(Object file) {
    return new UnsupportedFamilyException(file + ": " + getMessage(), family, this);
  }
}
