package io.bloomkit.mapreduce.common;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.DefaultCodec;

/**
 * A Hadoop compression codec for tests whose output streams write through and then fail in
 * {@code close} (a disk that fills at the last flush, a codec whose native library is missing):
 * selected by {@code mapreduce.output.fileoutputformat.compress.codec}, it makes a task's record
 * writer fail at close without any hook in production code.
 */
public class FailingCodec extends DefaultCodec {
  /** The message of the injected failure. */
  public static final String MESSAGE = "injected failure closing the output";

  /** As {@link FailingCodec}, but close fails as a native library that cannot load. */
  public static class Unlinked extends FailingCodec {
    @Override
    protected void fail() {
      throw new UnsatisfiedLinkError(MESSAGE);
    }
  }

  /** Throws the injected failure. */
  protected void fail() throws IOException {
    throw new IOException(MESSAGE);
  }

  @Override
  public CompressionOutputStream createOutputStream(OutputStream out) {
    return new CompressionOutputStream(out) {
      @Override
      public void write(int b) throws IOException {
        out.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void finish() throws IOException {
        fail();
      }

      @Override
      public void resetState() {}

      @Override
      public void close() throws IOException {
        try {
          out.close();
        } finally {
          fail();
        }
      }
    };
  }

  @Override
  public CompressionOutputStream createOutputStream(OutputStream out, Compressor compressor) {
    return createOutputStream(out);
  }

  @Override
  public Class<? extends Compressor> getCompressorType() {
    return null;
  }

  @Override
  public Compressor createCompressor() {
    return null;
  }

  @Override
  public String getDefaultExtension() {
    return ".fail";
  }
}
