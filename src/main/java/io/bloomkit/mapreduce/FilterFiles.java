package io.bloomkit.mapreduce;

import io.bloomkit.filter.Filter;
import io.bloomkit.filter.Filters;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Reading and atomically writing filter files on any Hadoop file system (local or HDFS). */
public final class FilterFiles {
  private FilterFiles() {}

  /** Reads a whole, updatable filter. */
  public static Filter read(Configuration conf, Path path) throws IOException {
    try (InputStream in = path.getFileSystem(conf).open(path)) {
      return Filters.read(in);
    }
  }

  /** Reads the read-only query view of a filter. */
  public static Filter readQueryView(Configuration conf, Path path) throws IOException {
    try (InputStream in = path.getFileSystem(conf).open(path)) {
      return Filters.readQueryView(in);
    }
  }

  /** Writes a filter's bytes. */
  public interface Writer {
    void write(OutputStream out) throws IOException;
  }

  /**
   * Writes the hidden {@code .FILE._tmp-<id>} next to {@code path}, then renames it to {@code
   * path}: readers never see a partial file. Fails if {@code path} exists. The temporary is removed
   * if the JVM is stopped meanwhile, and a stale one of an earlier killed run is removed first (see
   * {@link Temporaries}).
   *
   * @return the bytes written
   */
  public static long writeAtomically(Configuration conf, Path path, Writer writer)
      throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    path = fs.makeQualified(path);
    long bytes;
    try (Temporaries.Temporary t = Temporaries.of(conf, path, "tmp")) {
      Path tmp = t.path();
      try (FSDataOutputStream out = fs.create(tmp, false)) {
        writer.write(out);
        out.hflush();
        bytes = out.getPos();
      }
      if (fs.exists(path)) {
        throw new IOException("output " + path + " appeared while writing; left it untouched");
      }
      if (!fs.rename(tmp, path)) {
        throw new IOException("could not rename " + tmp + " to " + path);
      }
    }
    return bytes;
  }

  /** Writes {@code filter} to {@code path} atomically. */
  public static long writeAtomically(Configuration conf, Path path, Filter filter)
      throws IOException {
    return writeAtomically(conf, path, filter::writeTo);
  }
}
