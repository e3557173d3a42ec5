package io.bloomkit.mapreduce.config;

/**
 * The JVM system properties bloomkit reads ({@code java -Dname=value}, as {@code scripts/bloomkit}
 * passes them, also through {@code HADOOP_CLIENT_OPTS} for {@code hadoop jar}): the client's own
 * process settings, not configuration keys of a job ({@link BloomkitConfig}).
 */
public final class SystemProperties {
  /**
   * Whether the client's stderr is a terminal ({@code true}/{@code false}; {@code
   * scripts/bloomkit} sets it); without it, whether the JVM has a console.
   */
  public static final String STDERR_TERMINAL = "bloomkit.stderr.terminal";

  private SystemProperties() {}
}
