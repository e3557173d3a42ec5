package io.bloomkit.mapreduce.config;

/**
 * A command line the tool cannot run: a bad option or value, a missing input path, an existing
 * output. The tool ({@code cli.BloomkitTool}) prints the message and a line pointing to {@code
 * --help}, and exits with its usage status (2).
 */
public class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}
