package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.EnumSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Refuses input entries that Hadoop's listing of a local file system would skip or hang on: a
 * symbolic link whose target does not exist (the listing drops it, so its records would be lost
 * without a word) and a file that is neither a regular file nor a directory (a FIFO, whose read
 * blocks until someone writes; a socket, a device). Hidden names ({@code .x}, {@code _x}) are not
 * looked at, as the listing skips them. Other file systems (HDFS) hold only files and directories.
 */
final class ListedFiles {
  private ListedFiles() {}

  /**
   * Checks every entry under {@code inputs} (globs expanded) on a local file system.
   *
   * @throws IllegalArgumentException naming the first such entry
   */
  static void check(Configuration conf, Path... inputs) throws IOException {
    for (Path p : inputs) {
      FileSystem fs = p.getFileSystem(conf);
      if (!(fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem)) {
        continue;
      }
      FileStatus[] matches = fs.globStatus(p);
      if (matches == null) {
        continue; // nothing matches: the listing says so
      }
      for (FileStatus m : matches) {
        walk(java.nio.file.Paths.get(fs.makeQualified(m.getPath()).toUri()));
      }
    }
  }

  private static void walk(java.nio.file.Path root) throws IOException {
    Files.walkFileTree(root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult preVisitDirectory(
              java.nio.file.Path dir, BasicFileAttributes attrs) {
            return !dir.equals(root) && hidden(dir) ? FileVisitResult.SKIP_SUBTREE
                : FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFile(java.nio.file.Path file, BasicFileAttributes attrs) {
            if (!file.equals(root) && hidden(file)) {
              return FileVisitResult.CONTINUE;
            }
            if (attrs.isSymbolicLink()) { // FOLLOW_LINKS could not follow it: its target is gone
              throw new IllegalArgumentException("cannot read input " + file
                  + ": a symbolic link to " + target(file) + ", which does not exist");
            }
            if (!attrs.isRegularFile() && !attrs.isDirectory()) {
              throw new IllegalArgumentException("cannot read input " + file + ": not a regular"
                  + " file (a FIFO, socket or device: its records cannot be listed or split)");
            }
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(java.nio.file.Path file, IOException e) {
            if (!file.equals(root) && hidden(file)) {
              return FileVisitResult.CONTINUE;
            }
            if (e instanceof FileSystemLoopException) {
              throw new IllegalArgumentException("cannot read input " + file
                  + ": a symbolic link to a directory above it (a cycle)");
            }
            throw new IllegalArgumentException("cannot read input " + file + ": " + e);
          }
        });
  }

  private static boolean hidden(java.nio.file.Path p) {
    java.nio.file.Path name = p.getFileName();
    return name != null && (name.toString().startsWith(".") || name.toString().startsWith("_"));
  }

  private static String target(java.nio.file.Path link) {
    try {
      return Files.readSymbolicLink(link).toString();
    } catch (IOException e) {
      return "a path";
    }
  }
}
