package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.brotli.dec.BrotliInputStream;

/**
 * The codecs {@link ParquetRows} reads pages with: Parquet's own {@link CodecFactory} (Hadoop's
 * codec classes, by the names {@link CompressionCodecName} gives them), except brotli, decoded by
 * Google's pure-Java decoder {@code org.brotli:dec}. Parquet looks its brotli codec up only as
 * the class {@code org.apache.hadoop.io.compress.BrotliCodec}, which no maintained library
 * provides; the reader's {@code withCodecFactory} is the public way to give it another one.
 * Decompression only: bloomkit does not write brotli.
 */
final class ParquetCodecs implements CompressionCodecFactory {
  private final CompressionCodecFactory hadoop;

  ParquetCodecs(Configuration conf) {
    this.hadoop = new CodecFactory(conf, 0); // what Parquet's reader uses by default
  }

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    return hadoop.getCompressor(codec);
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    return codec == CompressionCodecName.BROTLI ? BROTLI : hadoop.getDecompressor(codec);
  }

  @Override
  public void release() {
    hadoop.release();
  }

  /** Brotli pages: each page is one brotli stream of exactly the page's uncompressed size. */
  private static final BytesInputDecompressor BROTLI = new BytesInputDecompressor() {
    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      byte[] out = new byte[uncompressedSize];
      try (InputStream in = new BrotliInputStream(bytes.toInputStream())) {
        readFully(in, out, uncompressedSize);
      }
      return BytesInput.from(out);
    }

    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output,
        int uncompressedSize) throws IOException {
      ByteBuffer page = input.duplicate();
      page.limit(page.position() + compressedSize);
      byte[] out = new byte[uncompressedSize];
      try (InputStream in = new BrotliInputStream(ByteBufferInputStream.wrap(page))) {
        readFully(in, out, uncompressedSize);
      }
      output.put(out);
    }

    @Override
    public void release() {}
  };

  /** Reads exactly {@code n} bytes: a page shorter than its header says is corrupt. */
  private static void readFully(InputStream in, byte[] out, int n) throws IOException {
    int done = 0;
    while (done < n) {
      int r = in.read(out, done, n - done);
      if (r < 0) {
        throw new IOException("brotli page ends after " + done + " of its " + n + " bytes");
      }
      done += r;
    }
  }
}
