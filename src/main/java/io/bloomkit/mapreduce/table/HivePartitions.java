package io.bloomkit.mapreduce.table;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.core.key.MalformedKeyException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The Hive-style partition columns of an input, as Hive, Spark, DuckDB and Polars write
 * partitioned tables: every directory {@code name=value} between an input root (a directory the
 * user named, or each match of a glob) and a file is a column {@code name} of the file's records,
 * after the file's own columns. A value is URL-decoded as Hive escapes it ({@code %2F} is {@code
 * /}); {@code __HIVE_DEFAULT_PARTITION__} and an empty value are null. Values are strings unless a
 * type is given ({@code --partition-types}: the types {@code --key-type} takes, parsed by the same
 * rules). All files of one input must have the same partition names in the same order.
 *
 * <p>Discovered on the client ({@link #discover}), kept in the {@link TableSpec} (names, types and
 * the roots, so that a task finds its file's segments from the split's absolute path), and
 * applied by {@link TableInputFormat}, which gives the file's reader a spec without the partition
 * fields and answers those from the path. Immutable.
 */
public final class HivePartitions {
  /** Hive's directory name for a null partition value. */
  public static final String DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__";

  /** No partition column. */
  public static final HivePartitions NONE =
      new HivePartitions(List.of(), List.of(), List.of(), List.of());

  private final List<String> names;
  private final List<KeyType> types;
  /** Per column, the scale of a decimal column's values (the largest seen), else 0. */
  private final List<Integer> scales;
  private final List<String> roots;

  private HivePartitions(List<String> names, List<KeyType> types, List<Integer> scales,
      List<String> roots) {
    this.names = Collections.unmodifiableList(new ArrayList<>(names));
    this.types = Collections.unmodifiableList(new ArrayList<>(types));
    this.scales = Collections.unmodifiableList(new ArrayList<>(scales));
    this.roots = Collections.unmodifiableList(new ArrayList<>(roots));
  }

  /** The partition column names, outermost directory first. */
  public List<String> names() {
    return names;
  }

  /** The type of each partition column. */
  public List<KeyType> types() {
    return types;
  }

  /** The input roots (qualified paths) the partition directories are found under. */
  public List<String> roots() {
    return roots;
  }

  public boolean isEmpty() {
    return names.isEmpty();
  }

  /**
   * The index of the partition column {@code field} names: its exact name, else the one name
   * equal ignoring case (Hive keeps partition names in lower case); -1 if none.
   */
  public int indexOf(String field) {
    int exact = names.indexOf(field);
    if (exact >= 0) {
      return exact;
    }
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i).equalsIgnoreCase(field)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Parses a {@code --partition-types} value: {@code name:type,...}, types as {@code --key-type}
   * takes them.
   *
   * @throws IllegalArgumentException naming the option and the entry that is wrong
   */
  public static Map<String, KeyType> parseTypes(String option, String value) {
    Map<String, KeyType> out = new LinkedHashMap<>();
    if (value == null) {
      return out;
    }
    for (String part : value.split(",", -1)) {
      String p = part.trim();
      int colon = p.lastIndexOf(':');
      if (colon <= 0 || colon == p.length() - 1) {
        throw new IllegalArgumentException(
            "--" + option + ": \"" + p + "\" is not name:type (e.g. origin:string,year:long)");
      }
      KeyType t;
      try {
        t = KeyType.fromCliName(p.substring(colon + 1).trim());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--" + option + ": " + e.getMessage());
      }
      if (out.put(p.substring(0, colon).trim(), t) != null) {
        throw new IllegalArgumentException(
            "--" + option + " types column \"" + p.substring(0, colon).trim() + "\" twice");
      }
    }
    return out;
  }

  /**
   * The partition columns of the files {@code inputs} stand for ({@link Tables#list}), each file's
   * directories between its root (the input it was listed under: the path given, or a glob's
   * match) and itself; {@code typed}: the types of some columns (the rest are strings).
   *
   * @param option the option {@code typed} came from, named in messages
   * @param requireTyped whether a typed name must be a partition column of this input
   * @throws IllegalArgumentException naming two files whose partition names differ, a value that
   *     does not read as its column's type, or a typed name that is no partition column
   */
  public static HivePartitions discover(Configuration conf, Path[] inputs,
      Map<String, KeyType> typed, String option, boolean requireTyped) throws IOException {
    List<String> roots = new ArrayList<>();
    for (Path p : inputs) {
      FileStatus[] matches = p.getFileSystem(conf).globStatus(p);
      if (matches == null) {
        continue; // the listing below says that the input does not exist
      }
      for (FileStatus st : matches) {
        roots.add(st.getPath().toString());
      }
    }
    List<String> names = null;
    Path first = null;
    List<List<String>> values = new ArrayList<>();
    for (FileStatus st : Tables.list(conf, inputs)) {
      List<String[]> segments = segments(roots, st.getPath());
      List<String> fileNames = new ArrayList<>();
      List<String> fileValues = new ArrayList<>();
      for (String[] s : segments) {
        fileNames.add(s[0]);
        fileValues.add(s[1]);
      }
      if (names == null) {
        names = fileNames;
        first = st.getPath();
      } else if (!names.equals(fileNames)) {
        throw new IllegalArgumentException("the input's files have different Hive partition"
            + " directories: " + first + " has " + describe(names) + " but " + st.getPath()
            + " has " + describe(fileNames) + "; give each table as its own input");
      }
      values.add(fileValues);
    }
    if (names == null) {
      names = List.of();
    }
    for (String n : typed.keySet()) {
      if (requireTyped && indexOf(names, n) < 0) {
        throw new IllegalArgumentException("--" + option + ": \"" + n + "\" is not a partition"
            + " column of the input (" + describe(names) + ")");
      }
    }
    List<KeyType> types = new ArrayList<>();
    List<Integer> scales = new ArrayList<>();
    for (String n : names) {
      KeyType t = KeyType.STRING;
      for (Map.Entry<String, KeyType> e : typed.entrySet()) {
        if (e.getKey().equalsIgnoreCase(n)) {
          t = e.getValue();
        }
      }
      types.add(t);
      scales.add(0);
    }
    List<String> files = new ArrayList<>();
    Tables.list(conf, inputs).forEach(st -> files.add(st.getPath().toString()));
    for (int f = 0; f < values.size(); f++) {
      for (int i = 0; i < names.size(); i++) {
        Object v;
        try {
          v = value(types.get(i), values.get(f).get(i));
        } catch (MalformedKeyException e) {
          throw new IllegalArgumentException("partition directory " + names.get(i) + "="
              + values.get(f).get(i) + " of " + files.get(f) + " does not read as "
              + types.get(i).cliName() + " (--" + option + "): " + e.getMessage());
        }
        if (v instanceof BigDecimal) {
          scales.set(i, Math.max(scales.get(i), Math.max(0, ((BigDecimal) v).scale())));
        }
      }
    }
    return new HivePartitions(names, types, scales, names.isEmpty() ? List.of() : roots);
  }

  /**
   * {@code spec} completed for its input as {@link TableSchemas#resolve} does, with the input's
   * partition columns ({@link #discover}): fields naming them are read from the directories (a
   * key field's type: the one given, else the partition column's), the other fields are checked
   * against the files.
   *
   * @param typed the types of {@code --partition-types} ({@code option})
   * @throws IllegalArgumentException as {@link #discover} and {@link TableSchemas#resolve}, and
   *     when a partition name is also a column of the files
   */
  public static TableSpec resolve(Configuration conf, TableSpec spec, Path[] inputs,
      boolean typesGiven, Map<String, KeyType> typed, String option, boolean requireTyped)
      throws IOException {
    HivePartitions p = discover(conf, inputs, typed, option, requireTyped);
    if (p.isEmpty()) {
      return TableSchemas.resolve(conf, spec, inputs, typesGiven);
    }
    TableSpec withParts = spec.toBuilder().partitions(p).build();
    TableSpec fileSpec = PartitionedRows.fileSpec(withParts);
    Schema columns = TableSchemas.recordSchema(conf, fileSpec, inputs);
    if (columns != null) {
      List<String> names = new ArrayList<>();
      columns.getFields().forEach(f -> names.add(f.name()));
      p.checkDistinct(names, Tables.list(conf, inputs).get(0).getPath());
    }
    TableSpec resolved = TableSchemas.resolve(conf, fileSpec, inputs, typesGiven);
    int[] slots = PartitionedRows.slots(withParts);
    List<KeyType> types = new ArrayList<>();
    for (int i = 0; i < spec.keyFieldCount(); i++) {
      types.add(slots[i] >= 0 ? resolved.keyTypes().get(slots[i])
          : typesGiven ? spec.keyTypes().get(i) : p.types().get(-1 - slots[i]));
    }
    return withParts.toBuilder()
        .key(spec.fields().subList(0, spec.keyFieldCount()), types)
        .build();
  }

  private static int indexOf(List<String> names, String n) {
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i).equalsIgnoreCase(n)) {
        return i;
      }
    }
    return -1;
  }

  private static String describe(List<String> names) {
    return names.isEmpty()
        ? "no partition directory"
        : "partition directories " + String.join("/", names);
  }

  /**
   * The {@code name=value} directories between {@code file} and the longest of {@code roots} that
   * holds it, outermost first, as {name, raw value}; other directories are not partitions.
   */
  private static List<String[]> segments(List<String> roots, Path file) {
    String path = file.toString();
    String root = null;
    for (String r : roots) {
      String prefix = r.endsWith("/") ? r : r + "/";
      if (path.startsWith(prefix) && (root == null || r.length() > root.length())) {
        root = r;
      }
    }
    List<String[]> out = new ArrayList<>();
    if (root == null) {
      return out;
    }
    String rest = path.substring(root.length() + (root.endsWith("/") ? 0 : 1));
    String[] parts = rest.split("/", -1);
    for (int i = 0; i < parts.length - 1; i++) { // the last part is the file's own name
      int eq = parts[i].indexOf('=');
      if (eq > 0) {
        out.add(new String[] {unescape(parts[i].substring(0, eq)), parts[i].substring(eq + 1)});
      }
    }
    return out;
  }

  /**
   * The partition values of {@code file} (a qualified path, as splits hold it), typed, null for
   * Hive's default partition and an empty value.
   *
   * @throws IOException naming the file when its directories are not this input's partitions
   */
  public Object[] values(Path file) throws IOException {
    List<String[]> segments = segments(roots, file);
    List<String> fileNames = new ArrayList<>();
    segments.forEach(s -> fileNames.add(s[0]));
    if (!fileNames.equals(names)) {
      throw new IOException(file + " has " + describe(fileNames) + ", but the input's files have "
          + describe(names));
    }
    Object[] out = new Object[names.size()];
    for (int i = 0; i < out.length; i++) {
      try {
        out[i] = value(types.get(i), segments.get(i)[1]);
      } catch (MalformedKeyException e) {
        throw new IOException("partition directory " + names.get(i) + "=" + segments.get(i)[1]
            + " of " + file + " does not read as " + types.get(i).cliName() + ": "
            + e.getMessage(), e);
      }
    }
    return out;
  }

  /** A raw directory value as {@code type}: unescaped; null for the default partition or empty. */
  static Object value(KeyType type, String raw) throws MalformedKeyException {
    if (raw.isEmpty() || raw.equals(DEFAULT_PARTITION)) {
      return null;
    }
    String s = unescape(raw);
    if (type == KeyType.STRING) {
      return s;
    }
    byte[] b = CanonicalKey.parse(type, s);
    return CanonicalKey.decode(type, b, 0, b.length);
  }

  /**
   * Hive's {@code FileUtils.unescapePathName}: every {@code %XX} (two hex digits) is the byte XX;
   * a run of such bytes that is UTF-8 (as DuckDB and Spark escape other characters) is decoded as
   * UTF-8, else each byte is the character of that code (Hive's rule); anything else stays.
   */
  static String unescape(String s) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    StringBuilder sb = new StringBuilder(s.length());
    java.io.ByteArrayOutputStream run = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '%' && i + 2 < s.length()
          && hex(s.charAt(i + 1)) >= 0 && hex(s.charAt(i + 2)) >= 0) {
        run.write(hex(s.charAt(i + 1)) * 16 + hex(s.charAt(i + 2)));
        i += 2;
        continue;
      }
      flush(run, sb);
      sb.append(c);
    }
    flush(run, sb);
    return sb.toString();
  }

  private static void flush(java.io.ByteArrayOutputStream run, StringBuilder sb) {
    if (run.size() == 0) {
      return;
    }
    byte[] b = run.toByteArray();
    run.reset();
    try {
      sb.append(java.nio.charset.StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b)));
    } catch (java.nio.charset.CharacterCodingException e) {
      for (byte x : b) {
        sb.append((char) (x & 0xff));
      }
    }
  }

  private static int hex(char c) {
    return Character.digit(c, 16);
  }

  /**
   * The Avro schema of the partition columns in records outputs, each nullable: string, long,
   * boolean, bytes; a date as Avro's {@code date}; a timestamp as {@code timestamp-micros}; a
   * decimal as a {@code decimal(38, S)}, S the largest scale of the input's values.
   */
  Schema fieldSchema(int i) {
    Schema s;
    switch (types.get(i)) {
      case LONG:
        s = Schema.create(Schema.Type.LONG);
        break;
      case BOOLEAN:
        s = Schema.create(Schema.Type.BOOLEAN);
        break;
      case BINARY:
        s = Schema.create(Schema.Type.BYTES);
        break;
      case DATE:
        s = LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
        break;
      case TIMESTAMP:
        s = LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
        break;
      case DECIMAL:
        s = LogicalTypes.decimal(38, scales.get(i)).addToSchema(Schema.create(Schema.Type.BYTES));
        break;
      default:
        s = Schema.create(Schema.Type.STRING);
    }
    return SchemaBuilder.unionOf().nullType().and().type(s).endUnion();
  }

  /** A typed partition value as the Avro datum of {@link #fieldSchema}. */
  Object avroValue(int i, Object v) {
    if (v == null) {
      return null;
    }
    switch (types.get(i)) {
      case DATE:
        return (int) ((java.time.LocalDate) v).toEpochDay();
      case TIMESTAMP:
        java.time.Instant t = (java.time.Instant) v;
        return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L),
            t.getNano() / 1000);
      case DECIMAL:
        return ByteBuffer.wrap(
            ((BigDecimal) v).setScale(scales.get(i)).unscaledValue().toByteArray());
      case BINARY:
        return ByteBuffer.wrap((byte[]) v);
      default:
        return v;
    }
  }

  /**
   * {@code schema} with the partition columns appended, as Spark puts them after the file's
   * columns.
   *
   * @throws IllegalArgumentException naming the column when a partition name is also one of the
   *     file's columns
   */
  public Schema appendTo(Schema schema, Object file) {
    if (isEmpty() || schema == null) {
      return schema;
    }
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : schema.getFields()) {
      fields.add(new Schema.Field(f, f.schema()));
    }
    for (int i = 0; i < names.size(); i++) {
      String n = OrcAvro.avroName(names.get(i));
      fields.add(new Schema.Field(n, fieldSchema(i), null, Schema.Field.NULL_DEFAULT_VALUE));
    }
    Schema out = Schema.createRecord(schema.getName(), schema.getDoc(), schema.getNamespace(),
        false);
    out.setFields(fields);
    return out;
  }

  /**
   * Checks that no partition name is also a column of the files ({@code columns}, the first
   * file's, {@code file}), ignoring case as Hive and Spark compare names.
   *
   * @throws IllegalArgumentException naming the column and the file
   */
  public void checkDistinct(List<String> columns, Object file) {
    for (String n : names) {
      for (String c : columns) {
        if (c.toLowerCase(Locale.ROOT).equals(n.toLowerCase(Locale.ROOT))) {
          throw new IllegalArgumentException("\"" + n + "\" is both a partition directory ("
              + n + "=...) and a column of " + file + "; a partition column cannot repeat a"
              + " column of the files");
        }
      }
    }
  }

  void toJson(ObjectNode o) {
    if (isEmpty()) {
      return;
    }
    ArrayNode p = o.putArray("partitions");
    for (int i = 0; i < names.size(); i++) {
      ObjectNode c = p.addObject();
      c.put("name", names.get(i));
      c.put("type", types.get(i).cliName());
      c.put("scale", scales.get(i));
    }
    ArrayNode r = o.putArray("roots");
    roots.forEach(r::add);
  }

  static HivePartitions fromJson(JsonNode o) {
    if (!o.has("partitions")) {
      return NONE;
    }
    List<String> names = new ArrayList<>();
    List<KeyType> types = new ArrayList<>();
    List<Integer> scales = new ArrayList<>();
    for (JsonNode c : o.get("partitions")) {
      names.add(c.path("name").asText());
      types.add(KeyType.fromCliName(c.path("type").asText()));
      scales.add(c.path("scale").asInt(0));
    }
    List<String> roots = new ArrayList<>();
    o.path("roots").forEach(n -> roots.add(n.asText()));
    return new HivePartitions(names, types, scales, roots);
  }
}
