package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.Zstd;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.file.Codec;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.file.XZCodec;
import org.apache.avro.file.ZstandardCodec;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tukaani.xz.XZInputStream;

/**
 * Avro xz and zstandard files read by the job jar's decoders ({@link AvroCodecs}), also where
 * Avro is loaded by a class loader that sees neither xz nor zstd-jni, as Hadoop's own Avro under
 * {@code hadoop jar}: the test builds that pair of loaders (a "Hadoop" loader with Avro,
 * commons-compress, Jackson and SLF4J; a child "job jar" loader with bloomkit's classes, xz and
 * zstd-jni, as RunJar's) and reads each file in it, with and without the codecs installed.
 */
public class AvroCodecsTest {
  @TempDir public File tmp;

  private static final Schema SCHEMA = new Schema.Parser().parse("{\"type\":\"record\","
      + "\"name\":\"r\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
      + "{\"name\":\"s\",\"type\":\"string\"}]}");

  /** A file of {@code n} records written by Avro's own codec {@code codec}. */
  private File write(CodecFactory codec, String name, int n) throws IOException {
    File f = new File(tmp, name + ".avro");
    try (DataFileWriter<GenericRecord> w =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(SCHEMA))) {
      w.setCodec(codec);
      w.setSyncInterval(2048); // several blocks
      w.create(SCHEMA, f);
      for (int i = 0; i < n; i++) {
        GenericRecord r = new GenericData.Record(SCHEMA);
        r.put("id", (long) i);
        r.put("s", "value " + (i * 7919 % 1000));
        w.append(r);
      }
    }
    return f;
  }

  /** Records of {@code f} and the sum of their ids, as this JVM's Avro reads them. */
  public static long[] count(File f, boolean install) throws IOException {
    if (install) {
      AvroCodecs.install();
    }
    long n = 0;
    long sum = 0;
    try (DataFileReader<GenericRecord> r =
        new DataFileReader<>(f, new GenericDatumReader<GenericRecord>())) {
      for (GenericRecord g : r) {
        n++;
        sum += (Long) g.get("id");
      }
    }
    return new long[] {n, sum};
  }

  private static URL where(Class<?> c) {
    return c.getProtectionDomain().getCodeSource().getLocation();
  }

  @Test
  public void readsAvroFilesOfBothCodecsWhereHadoopsAvroCannotSeeTheirDecoders()
      throws Exception {
    int n = 5000;
    long sum = (long) n * (n - 1) / 2;
    File xz = write(CodecFactory.xzCodec(6), "xz", n);
    File zstd = write(CodecFactory.zstandardCodec(3), "zstd", n);
    URL[] hadoop = {where(CodecFactory.class), where(XZCompressorInputStream.class),
        where(JsonFactory.class), where(ObjectMapper.class), where(JsonProperty.class),
        where(org.slf4j.LoggerFactory.class)};
    URL[] job = {where(AvroCodecs.class), where(AvroCodecsTest.class), where(XZInputStream.class),
        where(Zstd.class)};
    for (URL u : hadoop) {
      for (URL j : job) {
        assertTrue(!u.equals(j), "the libraries come from separate jars: " + u);
      }
    }
    try (URLClassLoader parent = new URLClassLoader(hadoop, ClassLoader.getPlatformClassLoader());
        URLClassLoader child = new URLClassLoader(job, parent)) {
      Class<?> probe = Class.forName(AvroCodecsTest.class.getName(), true, child);
      assertEquals(parent, Class.forName(CodecFactory.class.getName(), false, child)
          .getClassLoader());
      // Avro's own codecs fail there, as a task did
      List<String> failures = new ArrayList<>();
      for (File f : new File[] {xz, zstd}) {
        try {
          probe.getMethod("count", File.class, boolean.class).invoke(null, f, false);
        } catch (InvocationTargetException e) {
          failures.add(e.getCause().getClass().getSimpleName());
        }
      }
      assertEquals(List.of("NoClassDefFoundError", "NoClassDefFoundError"), failures);
      for (File f : new File[] {xz, zstd}) {
        long[] got = (long[]) probe.getMethod("count", File.class, boolean.class)
            .invoke(null, f, true);
        assertEquals(n, got[0], f.getName());
        assertEquals(sum, got[1], f.getName());
      }
    }
  }

  /**
   * The codecs decode what Avro's own write and encode what Avro's own read: a block compressed
   * by either is decompressed by the other to the same bytes.
   */
  @Test
  public void blocksAreAvrosBothWays() throws IOException {
    AvroCodecs.install();
    byte[] text = String.join(",", java.util.Collections.nCopies(3000, "bloomkit"))
        .getBytes(StandardCharsets.UTF_8);
    Codec[] avros = {new XZCodec(6), new ZstandardCodec(3, false, false)};
    String[] names = {"xz", "zstandard"};
    for (int i = 0; i < 2; i++) {
      Codec ours = new AvroCodecs.JarDecoded(names[i]);
      assertEquals(names[i], ours.getName());
      // a buffer whose data does not start at 0 (Avro hands such slices)
      ByteBuffer in = ByteBuffer.allocate(text.length + 5);
      in.position(5);
      in.put(text);
      in.position(5);
      ByteBuffer slice = in.slice();
      assertEquals(ByteBuffer.wrap(text), ours.decompress(avros[i].compress(slice.duplicate())));
      assertEquals(ByteBuffer.wrap(text), avros[i].decompress(ours.compress(slice.duplicate())));
      ByteBuffer packed = avros[i].compress(ByteBuffer.wrap(text));
      ByteBuffer offset = ByteBuffer.allocate(packed.remaining() + 3);
      offset.position(3);
      offset.put(packed);
      offset.position(3);
      assertEquals(ByteBuffer.wrap(text), ours.decompress(offset.slice()));
    }
  }
}
