package io.bloomkit.mapreduce.update;

import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.Tables;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;

/**
 * The distinct keys of an input, in canonical bytes ({@link KeyEncoder}), read on the client as
 * the tools' jobs read it ({@link Tables#read}: same files, formats, codecs and rows). Records are
 * counted in a {@link MalformedRecords.Tally}: a malformed one noted with its position and
 * problem; a record whose key is null is skipped (a null key is no member of anything, SQL) and
 * counted in {@link #nullKeys}.
 */
final class InputKeys {
  /** The distinct keys, in input order ("the first" is the first in the input). */
  final Set<ByteBuffer> keys = new LinkedHashSet<>();
  /** Records skipped for a null key. */
  long nullKeys;

  private InputKeys() {}

  /** The keys of the files {@code paths} stand for, read as {@code spec} says (none: no keys). */
  static InputKeys distinct(Configuration conf, Path[] paths, TableSpec spec,
      MalformedRecords.Tally tally) throws IOException {
    InputKeys out = new InputKeys();
    if (paths.length == 0) {
      return out;
    }
    KeyEncoder encoder = new KeyEncoder(spec);
    Tables.read(conf, spec, (file, position, row) -> {
      tally.records++;
      switch (encoder.encode(row)) {
        case KEY:
          out.keys.add(ByteBuffer.wrap(encoder.key()));
          break;
        case NULL:
          out.nullKeys++;
          break;
        default:
          Text line = row.line();
          tally.note(new MalformedRecords.Sample(file.toString(), position,
              !spec.format().byteOffsets(), encoder.problem(),
              line.getBytes(), line.getLength()));
      }
    }, paths);
    return out;
  }
}
