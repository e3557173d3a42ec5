package io.bloomkit.testing;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The repository's own files (docs, sample data, configuration, scripts, sources) for tests,
 * wherever the test JVM runs: surefire and failsafe run each fork in a directory of its own under
 * target/ (local jobs link their DistributedCache files into the working directory), and set the
 * {@code basedir} system property to the repository; without it (an IDE) the working directory is
 * taken as the repository.
 */
public final class RepoFiles {
  private RepoFiles() {}

  /** The repository's root directory. */
  public static Path root() {
    return Paths.get(System.getProperty("basedir", System.getProperty("user.dir")))
        .toAbsolutePath();
  }

  /** A path relative to the repository's root ({@code "docs/tools.md"}). */
  public static Path path(String relative) {
    return root().resolve(relative);
  }

  /** {@link #path} as a file. */
  public static File file(String relative) {
    return path(relative).toFile();
  }
}
