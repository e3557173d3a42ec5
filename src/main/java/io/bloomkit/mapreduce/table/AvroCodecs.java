package io.bloomkit.mapreduce.table;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.apache.avro.file.Codec;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileConstants;
import org.apache.avro.file.XZCodec;
import org.apache.avro.file.ZstandardCodec;
import org.tukaani.xz.XZInputStream;

/**
 * Avro's {@code xz} and {@code zstandard} blocks decoded by the job jar's own decoders (xz for Java,
 * zstd-jni), registered in Avro's {@link CodecFactory} under their names ({@link #install}).
 *
 * <p>Under {@code hadoop jar} (and {@code scripts/bloomkit}) Hadoop's own Avro 1.11.4 comes first
 * on the classpath, and its codecs load their decoders through Hadoop's class loader, which sees
 * neither xz (Avro's {@code XZCodec} reads through commons-compress, which Hadoop has, and xz,
 * which it has not) nor zstd-jni: a task reading such a file failed with {@code
 * NoClassDefFoundError}, and {@code HADOOP_USE_CLIENT_CLASSLOADER=true} did not help xz (the job
 * jar carries xz but not commons-compress). These codecs are loaded by the job jar's class loader,
 * which sees both. Compression (writing) is Avro's own codec, unchanged, made on first use.
 */
final class AvroCodecs {
  private AvroCodecs() {}

  static {
    CodecFactory.addCodec(DataFileConstants.XZ_CODEC,
        new Factory(DataFileConstants.XZ_CODEC));
    CodecFactory.addCodec(DataFileConstants.ZSTANDARD_CODEC,
        new Factory(DataFileConstants.ZSTANDARD_CODEC));
  }

  /** Registers the codecs (once per class loader that loads this class; later calls do nothing). */
  static void install() {
    // the work is the class's static initializer
  }

  private static final class Factory extends CodecFactory {
    private final String name;

    Factory(String name) {
      this.name = name;
    }

    @Override
    protected Codec createInstance() {
      return new JarDecoded(name);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** One codec: decodes with the jar's decoder, encodes with Avro's codec of the same name. */
  static final class JarDecoded extends Codec {
    private final String name;
    private Codec avro;

    JarDecoded(String name) {
      this.name = name;
    }

    @Override
    public String getName() {
      return name;
    }

    @Override
    public ByteBuffer compress(ByteBuffer data) throws IOException {
      if (avro == null) { // as CodecFactory.fromString(name) makes it
        avro = DataFileConstants.XZ_CODEC.equals(name)
            ? new XZCodec(CodecFactory.DEFAULT_XZ_LEVEL)
            : new ZstandardCodec(CodecFactory.DEFAULT_ZSTANDARD_LEVEL, false,
                CodecFactory.DEFAULT_ZSTANDARD_BUFFERPOOL);
      }
      return avro.compress(data);
    }

    @Override
    public ByteBuffer decompress(ByteBuffer data) throws IOException {
      InputStream bytes = new ByteArrayInputStream(data.array(), computeOffset(data),
          data.remaining());
      ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, 4 * data.remaining()));
      try (InputStream in = DataFileConstants.XZ_CODEC.equals(name)
          ? new XZInputStream(bytes)
          : new ZstdInputStreamNoFinalizer(bytes)) {
        in.transferTo(out);
      }
      return ByteBuffer.wrap(out.toByteArray());
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof JarDecoded && ((JarDecoded) o).name.equals(name);
    }

    @Override
    public int hashCode() {
      return name.hashCode();
    }
  }
}
