package io.bloomkit.core.format;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.format.Provenance.KeySpec;
import io.bloomkit.core.format.Provenance.Source;
import io.bloomkit.core.format.Provenance.Step;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.util.ArrayList;
import java.util.List;

/**
 * The bytes of metadata tag 2 (a {@link Provenance}): writing them as they are (the bounding to
 * {@link Provenance#MAX_BYTES} is {@link Provenance#encode()}'s) and reading them back, every
 * count checked against the bytes left before a list is made.
 */
final class ProvenanceCodec {
  private ProvenanceCodec() {}

  /** This provenance's encoding as it is, however long. */
  static byte[] encode(Provenance p) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream d = new DataOutputStream(bytes);
    try {
      d.writeByte(Provenance.ENCODING);
      writeStrings(d, p.keySpec().fields());
      d.writeUTF(p.keySpec().delimiter());
      writeStrings(d, p.keySpec().keyTypes());
      d.writeLong(p.omittedSteps());
      d.writeInt(p.steps().size());
      for (Step s : p.steps()) {
        d.writeUTF(s.action());
        d.writeUTF(s.tool());
        d.writeUTF(s.bloomkitVersion());
        d.writeUTF(s.description());
        d.writeLong(s.createdMillis());
        writeStrings(d, s.options());
        d.writeByte(s.sourcesSummarised() ? 1 : 0);
        d.writeInt(s.sources().size());
        for (Source src : s.sources()) {
          d.writeByte(src.isDirectory() ? 2 : 1);
          d.writeUTF(src.path());
          d.writeLong(src.files());
          d.writeLong(src.length());
          d.writeLong(src.modifiedMillis());
          d.writeLong(src.records());
          d.writeLong(src.distinctKeys());
        }
      }
      d.flush();
    } catch (IOException e) {
      throw new IllegalStateException(e); // a ByteArrayOutputStream does not fail
    }
    return bytes.toByteArray();
  }

  private static void writeStrings(DataOutputStream d, List<String> strings) throws IOException {
    d.writeShort(strings.size());
    for (String s : strings) {
      d.writeUTF(s);
    }
  }

  /** The smallest encoding of a source: kind, an empty path, five longs. */
  private static final int MIN_SOURCE_BYTES = 1 + 2 + 5 * 8;
  /** The smallest encoding of a step: four empty strings, the time, no options, flag, count. */
  private static final int MIN_STEP_BYTES = 4 * 2 + 8 + 2 + 1 + 4;

  /**
   * {@link Provenance#decode}: reads the value of tag 2. Every count is checked against the bytes
   * left before a list is made; any inconsistency is a {@link CorruptFilterException} naming the
   * field ({@code provenance.steps}, {@code provenance.sources}, ...).
   */
  static Provenance decode(byte[] value) throws CorruptFilterException {
    Decoder in = new Decoder(value);
    int encoding = in.unsignedByte("provenance.encoding");
    if (encoding != Provenance.ENCODING) {
      throw new CorruptFilterException(
          "provenance.encoding", "unknown encoding " + encoding + " (this reader knows "
              + Provenance.ENCODING + ")");
    }
    List<String> fields = in.strings("provenance.keyFields");
    String delimiter = in.string("provenance.delimiter");
    List<String> types = in.strings("provenance.keyTypes");
    long omitted = in.nonNegativeLong("provenance.omittedSteps");
    int stepCount = in.count("provenance.steps", MIN_STEP_BYTES);
    if (stepCount == 0) {
      throw new CorruptFilterException("provenance.steps", "0 steps (the creation is required)");
    }
    List<Step> steps = new ArrayList<>(stepCount);
    for (int i = 0; i < stepCount; i++) {
      String action = in.string("provenance.action");
      String tool = in.string("provenance.tool");
      String version = in.string("provenance.bloomkitVersion");
      String description = in.string("provenance.description");
      long created = in.longValue("provenance.createdMillis");
      List<String> options = in.strings("provenance.options");
      int flag = in.unsignedByte("provenance.summarised");
      if (flag > 1) {
        throw new CorruptFilterException("provenance.summarised", flag + " is not 0 or 1");
      }
      int sourceCount = in.count("provenance.sources", MIN_SOURCE_BYTES);
      List<Source> sources = new ArrayList<>(sourceCount);
      for (int j = 0; j < sourceCount; j++) {
        int kind = in.unsignedByte("provenance.sourceKind");
        if (kind != 1 && kind != 2) {
          throw new CorruptFilterException(
              "provenance.sourceKind", kind + " is not 1 (file) or 2 (directory)");
        }
        String path = in.string("provenance.sourcePath");
        long files = in.nonNegativeLong("provenance.sourceFiles");
        long length = in.nonNegativeLong("provenance.sourceLength");
        long modified = in.longValue("provenance.sourceModified");
        long records = in.longValue("provenance.sourceRecords");
        long keys = in.longValue("provenance.sourceDistinctKeys");
        sources.add(kind == 1
            ? Source.file(path, length, modified, records, keys)
            : Source.directory(path, files, length, modified, records, keys));
      }
      steps.add(new Step(action, tool, options, version, created, description, sources,
          flag == 1));
    }
    if (in.left() != 0) {
      throw new CorruptFilterException(
          "provenance", in.left() + " bytes after the last step");
    }
    return new Provenance(new KeySpec(fields, delimiter, types), steps, omitted);
  }

  /** Reads a tag-2 value, naming the field of any inconsistency. */
  private static final class Decoder {
    private final DataInputStream in;
    private final int size;
    private int pos;

    Decoder(byte[] value) {
      this.in = new DataInputStream(new ByteArrayInputStream(value));
      this.size = value.length;
    }

    int left() {
      return size - pos;
    }

    private void need(int n, String field) throws CorruptFilterException {
      if (n > left()) {
        throw new CorruptFilterException(
            field, "needs " + n + " bytes, " + left() + " left of the provenance's " + size);
      }
    }

    int unsignedByte(String field) throws CorruptFilterException {
      need(1, field);
      pos++;
      return io(field, in::readUnsignedByte);
    }

    long longValue(String field) throws CorruptFilterException {
      need(8, field);
      pos += 8;
      return io(field, in::readLong);
    }

    long nonNegativeLong(String field) throws CorruptFilterException {
      long v = longValue(field);
      if (v < 0) {
        throw new CorruptFilterException(field, "negative: " + v);
      }
      return v;
    }

    /** A count of elements of at least {@code minBytes} each, checked against the bytes left. */
    int count(String field, int minBytes) throws CorruptFilterException {
      need(4, field);
      pos += 4;
      int n = io(field, in::readInt);
      if (n < 0 || (long) n * minBytes > left()) {
        throw new CorruptFilterException(
            field, n + " declared, the " + left() + " bytes left hold at most "
                + left() / minBytes);
      }
      return n;
    }

    String string(String field) throws CorruptFilterException {
      need(2, field);
      int len = io(field, () -> in.readUnsignedShort());
      need(2 + len, field); // checked before readUTF allocates its buffer
      pos += 2 + len;
      byte[] b = new byte[2 + len];
      b[0] = (byte) (len >>> 8);
      b[1] = (byte) len;
      io(field, () -> {
        in.readFully(b, 2, len);
        return 0;
      });
      try {
        return new DataInputStream(new ByteArrayInputStream(b)).readUTF();
      } catch (UTFDataFormatException e) {
        throw new CorruptFilterException(field, "not modified UTF-8: " + e.getMessage());
      } catch (IOException e) {
        throw new CorruptFilterException(field, e.toString());
      }
    }

    List<String> strings(String field) throws CorruptFilterException {
      need(2, field);
      pos += 2;
      int n = io(field, () -> in.readUnsignedShort());
      if ((long) n * 2 > left()) {
        throw new CorruptFilterException(
            field, n + " strings declared, " + left() + " bytes left");
      }
      List<String> out = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        out.add(string(field));
      }
      return out;
    }

    private interface IoRead<T> {
      T read() throws IOException;
    }

    private static <T> T io(String field, IoRead<T> r) throws CorruptFilterException {
      try {
        return r.read();
      } catch (EOFException e) {
        throw new CorruptFilterException(field, "provenance truncated");
      } catch (IOException e) {
        throw new CorruptFilterException(field, e.toString());
      }
    }
  }
}
