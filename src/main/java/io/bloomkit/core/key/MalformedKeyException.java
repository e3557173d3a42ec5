package io.bloomkit.core.key;

/**
 * Text that does not parse as its key type: the record it came from is malformed (callers count
 * it). Names the type and the text.
 */
public final class MalformedKeyException extends Exception {
  private static final long serialVersionUID = 1L;

  private final KeyType type;
  private final String text;

  public MalformedKeyException(KeyType type, String text, String why) {
    super(
        "not a " + type.cliName() + " key: \"" + text + "\""
            + (why == null ? "" : " (" + why + ")"));
    this.type = type;
    this.text = text;
  }

  /** The type the text was read as. */
  public KeyType type() {
    return type;
  }

  /** The text that did not parse. */
  public String text() {
    return text;
  }
}
