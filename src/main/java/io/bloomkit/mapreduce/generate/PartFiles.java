package io.bloomkit.mapreduce.generate;

import io.bloomkit.data.PartSink;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Creates {@code out[/dataset]/part-NNNNN} and counts the bytes written. On the local file system
 * no {@code .crc} side files are written.
 */
final class PartFiles implements PartSink {
  private final Path root;
  private final boolean subdirectories;
  private final FileSystem fs;
  private final FileSystem raw;
  private long bytes;

  PartFiles(Configuration conf, Path out, boolean subdirectories) throws IOException {
    this.root = out;
    this.subdirectories = subdirectories;
    this.fs = out.getFileSystem(conf);
    // the local file system's checksum wrapper would add a .crc file next to every part
    this.raw = fs instanceof LocalFileSystem ? ((LocalFileSystem) fs).getRaw() : fs;
  }

  /** Bytes written so far. */
  long bytes() {
    return bytes;
  }

  /** The output directory, fully qualified. */
  String qualified() {
    return fs.makeQualified(root).toString();
  }

  /** A dataset's subdirectory, fully qualified. */
  String qualified(String dataset) {
    return fs.makeQualified(new Path(root, dataset)).toString();
  }

  @Override
  public OutputStream open(String dataset, int part) throws IOException {
    Path dir = subdirectories ? new Path(root, dataset) : root;
    return new FilterOutputStream(raw.create(new Path(dir, PartSink.partFileName(part)), false)) {
      @Override
      public void write(int b) throws IOException {
        out.write(b);
        bytes++;
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        bytes += len;
      }
    };
  }
}
