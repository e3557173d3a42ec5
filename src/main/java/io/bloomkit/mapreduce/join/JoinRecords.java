package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.RecordLines;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.JsonProperties;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;

/**
 * The join's records output ({@code --output-format} other than text): each side's rows travel as
 * {@link RecordLines} of the side's record schema ({@link BloomkitConfig#JOIN_LEFT_SCHEMA}, {@link
 * BloomkitConfig#JOIN_RIGHT_SCHEMA}, computed by the client), and an output record is the left
 * record's fields then the right's in {@link #schema}: every field nullable (an outer join's
 * unmatched and null-key rows leave the other side's fields null), a name both sides have prefixed
 * {@code l_} on the left and {@code r_} on the right. The semi and anti joins write records of
 * their side's schema alone ({@link #outputSchema}). Not thread-safe.
 */
final class JoinRecords {
  private final RecordLines left;
  private final RecordLines right;
  /** Whether the job's sides are the named join's exchanged ({@link JoinPlan#swapped}). */
  private final boolean swapped;
  /** The fields of the output's first side: the job's left, or its right when swapped. */
  private final int firstFields;
  private final GenericData.Record out;

  private JoinRecords(Schema left, Schema right, boolean swapped) {
    this.left = RecordLines.of(left);
    this.right = RecordLines.of(right);
    this.swapped = swapped;
    this.firstFields = (swapped ? right : left).getFields().size();
    this.out = new GenericData.Record(swapped ? schema(right, left) : schema(left, right));
  }

  /** The job's records, or null when it writes text (the side schemas are not set). */
  static JoinRecords fromConf(Configuration conf) {
    String l = BloomkitConfig.JOIN_LEFT_SCHEMA.get(conf);
    String r = BloomkitConfig.JOIN_RIGHT_SCHEMA.get(conf);
    if (l == null || l.isEmpty() || r == null || r.isEmpty()) {
      return null;
    }
    return new JoinRecords(new Schema.Parser().parse(l), new Schema.Parser().parse(r),
        BloomkitConfig.JOIN_SWAPPED.getBoolean(conf));
  }

  /** Stores the sides' schemas in a join job's configuration. */
  static void store(Configuration conf, Schema left, Schema right) {
    BloomkitConfig.JOIN_LEFT_SCHEMA.set(conf, left.toString());
    BloomkitConfig.JOIN_RIGHT_SCHEMA.set(conf, right.toString());
  }

  /** The side's record values. */
  RecordLines side(byte side) {
    return side == JoinKey.LEFT ? left : right;
  }

  /**
   * The output record of a left value and a right value of the job ({@link RecordLines#of}); a
   * null value: that side's fields are null. The named join's left fields come first: the job's
   * right ones when its sides are exchanged. The record is reused.
   */
  GenericRecord joined(Text leftValue, Text rightValue) throws IOException {
    GenericRecord l = leftValue == null ? null : left.record(leftValue);
    GenericRecord r = rightValue == null ? null : right.record(rightValue);
    GenericRecord first = swapped ? r : l;
    GenericRecord second = swapped ? l : r;
    for (int i = 0; i < firstFields; i++) {
      out.put(i, first == null ? null : first.get(i));
    }
    for (int i = firstFields; i < out.getSchema().getFields().size(); i++) {
      out.put(i, second == null ? null : second.get(i - firstFields));
    }
    return out;
  }

  /** The schema of the records a join of {@code type} writes. */
  static Schema outputSchema(JoinPlan.Type type, Schema left, Schema right) {
    return type.leftLinesOnly() ? left : type.rightLinesOnly() ? right : schema(left, right);
  }

  /**
   * The schema of an empty side (no record to take a schema from): no field.
   */
  static Schema empty(String name) {
    return SchemaBuilder.record(name).namespace("io.bloomkit.join").fields().endRecord();
  }

  /**
   * The output schema: the left fields then the right ones, all nullable, a name both sides have
   * prefixed {@code l_} / {@code r_}; no field at all (both sides empty): one nullable string
   * {@code _c0}, as an empty dedup output.
   *
   * @throws IllegalArgumentException when a prefixed name is still taken, or the sides hold
   *     different nested types of one name (one schema cannot define a name twice)
   */
  static Schema schema(Schema left, Schema right) {
    Map<String, Schema> named = new HashMap<>();
    for (Schema.Field f : left.getFields()) {
      checkNames(f.schema(), named);
    }
    for (Schema.Field f : right.getFields()) {
      checkNames(f.schema(), named);
    }
    Set<String> leftNames = new HashSet<>();
    left.getFields().forEach(f -> leftNames.add(f.name()));
    Set<String> rightNames = new HashSet<>();
    right.getFields().forEach(f -> rightNames.add(f.name()));
    List<Schema.Field> fields = new ArrayList<>();
    Set<String> taken = new HashSet<>();
    for (Schema.Field f : left.getFields()) {
      fields.add(field(rightNames.contains(f.name()) ? "l_" + f.name() : f.name(), f, taken));
    }
    for (Schema.Field f : right.getFields()) {
      fields.add(field(leftNames.contains(f.name()) ? "r_" + f.name() : f.name(), f, taken));
    }
    if (fields.isEmpty()) {
      return SchemaBuilder.record("joined").namespace("io.bloomkit.join").fields()
          .optionalString("_c0").endRecord();
    }
    return Schema.createRecord("joined", null, "io.bloomkit.join", false, fields);
  }

  /** Records every named type inside {@code s}; a name with two definitions is an error. */
  private static void checkNames(Schema s, Map<String, Schema> named) {
    switch (s.getType()) {
      case RECORD:
      case ENUM:
      case FIXED: {
        Schema seen = named.putIfAbsent(s.getFullName(), s);
        if (seen != null) {
          if (!seen.equals(s)) {
            throw new IllegalArgumentException("the sides hold two different nested types named "
                + s.getFullName() + ", which one output schema cannot hold");
          }
          return;
        }
        if (s.getType() == Schema.Type.RECORD) {
          s.getFields().forEach(f -> checkNames(f.schema(), named));
        }
        return;
      }
      case UNION:
        s.getTypes().forEach(t -> checkNames(t, named));
        return;
      case ARRAY:
        checkNames(s.getElementType(), named);
        return;
      case MAP:
        checkNames(s.getValueType(), named);
        return;
      default:
    }
  }

  private static Schema.Field field(String name, Schema.Field f, Set<String> taken) {
    if (!taken.add(name)) {
      throw new IllegalArgumentException("the joined column " + name + " would appear twice"
          + " (a colliding column is prefixed l_ on the left and r_ on the right)");
    }
    Schema s = f.schema();
    if (s.getType() == Schema.Type.UNION) {
      if (s.getTypes().get(0).getType() == Schema.Type.NULL) {
        return new Schema.Field(name, s, f.doc(), JsonProperties.NULL_VALUE);
      }
      List<Schema> types = new ArrayList<>();
      types.add(Schema.create(Schema.Type.NULL));
      s.getTypes().stream().filter(t -> t.getType() != Schema.Type.NULL).forEach(types::add);
      return new Schema.Field(name, Schema.createUnion(types), f.doc(), JsonProperties.NULL_VALUE);
    }
    if (s.getType() == Schema.Type.NULL) {
      return new Schema.Field(name, s, f.doc(), JsonProperties.NULL_VALUE);
    }
    return new Schema.Field(
        name, Schema.createUnion(Schema.create(Schema.Type.NULL), s), f.doc(),
        JsonProperties.NULL_VALUE);
  }
}
