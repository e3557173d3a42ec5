package io.bloomkit.core;

/**
 * The sizing asked for a filter above {@link FilterShape#MAX_MEMORY_BITS}: the message says what
 * was asked and the largest size; callers name the option that asked for it.
 */
public final class FilterTooLargeException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  FilterTooLargeException(String needed) {
    super(
        "the filter would be too large: " + needed + "; one filter holds at most "
            + FilterShape.MAX_MEMORY_BITS + " bits (16 GiB, one array of longs)");
  }
}
