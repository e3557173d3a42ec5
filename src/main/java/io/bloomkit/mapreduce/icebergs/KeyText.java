package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.TableSpec;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;

/**
 * How icebergs writes a key: the jobs sum and shuffle a key's canonical bytes ({@link
 * KeyEncoder}), the output shows its text ({@link KeyEncoder#render(List, char, byte[], int)}:
 * the key's fields joined by the delimiter). A single string key is its own text, byte for byte,
 * so nothing is decoded for it. The candidate files of {@code --verify} / {@code --evaluate} hold
 * output lines, so candidates are compared by their text too. Not thread-safe.
 */
final class KeyText {
  private final List<KeyType> types;
  private final char delimiter;
  private final boolean identity;
  private final Text text = new Text();

  KeyText(TableSpec spec) {
    this.types = spec.keyTypes();
    this.delimiter = spec.delimiter();
    this.identity = types.size() == 1 && types.get(0) == KeyType.STRING;
  }

  /** The key text of the job's input spec ({@link BloomkitConfig#INPUT_SPEC}). */
  static KeyText fromConf(Configuration conf) {
    return new KeyText(TableSpec.load(conf, BloomkitConfig.INPUT_SPEC));
  }

  /** The text of a canonical key: {@code key} itself for a single string key, else a reused one. */
  Text of(Text key) {
    if (identity) {
      return key;
    }
    text.set(KeyEncoder.render(types, delimiter, key.getBytes(), key.getLength()));
    return text;
  }

  /** The text of the canonical key in {@code key[0, length)}, in a reused Text. */
  Text of(byte[] key, int length) {
    if (identity) {
      text.set(key, 0, length);
    } else {
      text.set(KeyEncoder.render(types, delimiter, key, length));
    }
    return text;
  }

  /** The key as messages show it. */
  String show(byte[] key, int length) {
    return identity
        ? new String(key, 0, length, StandardCharsets.UTF_8)
        : KeyEncoder.render(types, delimiter, key, length);
  }
}
