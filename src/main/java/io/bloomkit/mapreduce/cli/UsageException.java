package io.bloomkit.mapreduce.cli;

/**
 * A command line the tool cannot run: a bad option or value, a missing input path, an existing
 * output. The tool prints the message (and the usage) and exits with {@link BloomkitTool#USAGE}.
 */
public class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }
}
