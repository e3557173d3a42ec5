package io.bloomkit.mapreduce.generate;

import io.bloomkit.data.PartSink;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Creates {@code out[/dataset]/part-NNNNN} and counts the bytes written. Text parts receive the
 * generator's lines as they are; in the other formats the lines become typed records ({@link
 * TypedRows}) in {@code part-NNNNN.parquet} (.orc, .avro, .csv). On the local file system no
 * {@code .crc} side files are written.
 */
final class PartFiles implements PartSink {
  private final Configuration conf;
  private final Path root;
  private final boolean subdirectories;
  private final FileSystem fs;
  private final FileSystem raw;
  private final TableFormat format;
  private final String codec;
  private final Generation plan;
  private long bytes;

  /**
   * Parts of {@code format}.
   *
   * @param codec the codec name ({@link TableWriter#codec}), null for the format's default
   * @param plan the schemas and the line delimiter of the datasets (unused for text)
   */
  PartFiles(Configuration conf, Path out, boolean subdirectories, TableFormat format, String codec,
      Generation plan) throws IOException {
    this.conf = conf;
    this.root = out;
    this.subdirectories = subdirectories;
    this.fs = out.getFileSystem(conf);
    // the local file system's checksum wrapper would add a .crc file next to every part
    this.raw = fs instanceof LocalFileSystem ? ((LocalFileSystem) fs).getRaw() : fs;
    this.format = format;
    this.codec = codec;
    this.plan = plan;
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
    if (format != TableFormat.TEXT) {
      Path file = new Path(dir, PartSink.partFileName(part) + TableWriter.extension(format));
      TableWriter w = TableWriter.open(conf, raw, file, format, plan.schema(dataset), codec,
          String.valueOf(plan.delimiter()));
      return TypedRows.lines(w, plan.schema(dataset), plan.delimiter(),
          () -> bytes += raw.getFileStatus(file).getLen());
    }
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
