package io.bloomkit.mapreduce.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * How one input is read: its {@link TableFormat}, the fields a task asks of each record (the key's
 * fields first, then any others such as a time or weight field), the key's types, the null rules
 * and the text/CSV settings. Tools build it from their options ({@code common.InputOptions}) and
 * store it as JSON in the job configuration ({@link #store}); {@link TableInputFormat} and {@link
 * KeyEncoder} read it in the tasks. Immutable; build with {@link #builder}.
 *
 * <p>A field reference is a 0-based index (text, CSV, a SequenceFile's Text value), a column name
 * ({@code a.b} for a nested field: Avro, Parquet, ORC, and CSV with a header), or {@code key} (a
 * SequenceFile record's key).
 */
public final class TableSpec {
  /** Hive's null token, the default of {@code --null-token}. */
  public static final String HIVE_NULL = "\\N";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final TableFormat format;
  private final char delimiter;
  private final List<String> fields;
  private final int keyFieldCount;
  private final List<KeyType> keyTypes;
  private final String nullToken;
  private final boolean emptyIsNull;
  private final boolean csvHeader;
  private final boolean csvMultiline;
  private final boolean projection;
  private final boolean ordered;
  private final HivePartitions partitions;
  private final KeyBounds keyBounds;

  private TableSpec(Builder b) {
    this.format = b.format;
    this.delimiter = b.delimiter;
    this.fields = Collections.unmodifiableList(new ArrayList<>(b.fields));
    this.keyFieldCount = b.keyFieldCount;
    List<KeyType> types = new ArrayList<>(b.keyTypes);
    while (types.size() < keyFieldCount) {
      types.add(KeyType.STRING);
    }
    this.keyTypes = Collections.unmodifiableList(types);
    this.nullToken = b.nullToken;
    this.emptyIsNull = b.emptyIsNull;
    this.csvHeader = b.csvHeader;
    this.csvMultiline = b.csvMultiline;
    this.projection = b.projection;
    this.ordered = b.ordered;
    this.partitions = b.partitions;
    this.keyBounds = b.keyBounds;
    if (format == null) {
      throw new IllegalArgumentException("no input format");
    }
    if (keyFieldCount < 0 || keyFieldCount > fields.size()) {
      throw new IllegalArgumentException(
          "key fields " + keyFieldCount + " out of " + fields.size() + " fields");
    }
    if (keyTypes.size() != keyFieldCount) {
      throw new IllegalArgumentException(
          keyTypes.size() + " key types for " + keyFieldCount + " key fields");
    }
  }

  public static Builder builder(TableFormat format) {
    return new Builder(format);
  }

  /** A builder holding this spec's settings. */
  public Builder toBuilder() {
    Builder b = new Builder(format);
    b.delimiter = delimiter;
    b.fields.addAll(fields);
    b.keyFieldCount = keyFieldCount;
    b.keyTypes.addAll(keyTypes);
    b.nullToken = nullToken;
    b.emptyIsNull = emptyIsNull;
    b.csvHeader = csvHeader;
    b.csvMultiline = csvMultiline;
    b.projection = projection;
    b.ordered = ordered;
    b.partitions = partitions;
    b.keyBounds = keyBounds;
    return b;
  }

  public TableFormat format() {
    return format;
  }

  /** The field delimiter of text, CSV and SequenceFile Text values. */
  public char delimiter() {
    return delimiter;
  }

  /** The fields each record is asked for, in slot order: key fields first. */
  public List<String> fields() {
    return fields;
  }

  /** How many of the first {@link #fields} form the key. */
  public int keyFieldCount() {
    return keyFieldCount;
  }

  /** One type per key field. */
  public List<KeyType> keyTypes() {
    return keyTypes;
  }

  /** The text that stands for null in text and CSV fields ({@code \N} by default); null: none. */
  public String nullToken() {
    return nullToken;
  }

  /** Whether an empty text or CSV field is null. */
  public boolean emptyIsNull() {
    return emptyIsNull;
  }

  /** Whether each CSV file starts with a header row (skipped; it names the columns). */
  public boolean csvHeader() {
    return csvHeader;
  }

  /** Whether CSV files are read whole (one task each), so quoted fields may hold line breaks. */
  public boolean csvMultiline() {
    return csvMultiline;
  }

  /** Whether a columnar reader reads only the {@link #fields} columns. */
  public boolean projection() {
    return projection;
  }

  /**
   * Whether records must come in file order with increasing positions ({@code dedup}): files that
   * cannot be split at exact record positions (compressed text, columnar files) are read whole.
   */
  public boolean ordered() {
    return ordered;
  }

  /**
   * The Hive-style partition columns of the input ({@link HivePartitions}): a field naming one is
   * read from the file's directories, not from the file.
   */
  /**
   * The keys of another input, which the reader may skip data without (null: read everything);
   * see {@link KeyBounds}.
   */
  public KeyBounds keyBounds() {
    return keyBounds;
  }

  public HivePartitions partitions() {
    return partitions;
  }

  /** Whether {@code field} is a 0-based index rather than a name. */
  public static boolean isIndex(String field) {
    if (field.isEmpty()) {
      return false;
    }
    for (int i = 0; i < field.length(); i++) {
      if (field.charAt(i) < '0' || field.charAt(i) > '9') {
        return false;
      }
    }
    return true;
  }

  /** Stores this spec under {@code key} (JSON). */
  public void store(Configuration conf, BloomkitConfig key) {
    key.set(conf, toJson());
  }

  /**
   * The spec stored under {@code key}.
   *
   * @throws IllegalStateException if there is none or it does not parse
   */
  public static TableSpec load(Configuration conf, BloomkitConfig key) {
    String json = key.get(conf);
    if (json == null || json.isEmpty()) {
      throw new IllegalStateException("no input spec in " + key.key());
    }
    return fromJson(json);
  }

  String toJson() {
    ObjectNode o = JSON.createObjectNode();
    o.put("format", format.cliName());
    o.put("delimiter", String.valueOf(delimiter));
    ArrayNode f = o.putArray("fields");
    fields.forEach(f::add);
    o.put("keyFields", keyFieldCount);
    ArrayNode t = o.putArray("keyTypes");
    keyTypes.forEach(k -> t.add(k.cliName()));
    if (nullToken != null) {
      o.put("nullToken", nullToken);
    }
    o.put("emptyIsNull", emptyIsNull);
    o.put("csvHeader", csvHeader);
    o.put("csvMultiline", csvMultiline);
    o.put("projection", projection);
    o.put("ordered", ordered);
    partitions.toJson(o);
    if (keyBounds != null) {
      keyBounds.toJson(o.putObject("keyBounds"));
    }
    try {
      return JSON.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  static TableSpec fromJson(String json) {
    JsonNode o;
    try {
      o = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("input spec does not parse: " + json, e);
    }
    Builder b = builder(TableFormat.parse("input-format", o.path("format").asText()));
    String d = o.path("delimiter").asText("\t");
    b.delimiter(d.isEmpty() ? '\t' : d.charAt(0));
    List<String> fields = new ArrayList<>();
    o.path("fields").forEach(n -> fields.add(n.asText()));
    int keys = o.path("keyFields").asInt(0);
    List<KeyType> types = new ArrayList<>();
    o.path("keyTypes").forEach(n -> types.add(KeyType.fromCliName(n.asText())));
    b.key(fields.subList(0, keys), types);
    b.otherFields(fields.subList(keys, fields.size()));
    b.nullToken(o.has("nullToken") ? o.get("nullToken").asText() : null);
    b.emptyIsNull(o.path("emptyIsNull").asBoolean());
    b.csvHeader(o.path("csvHeader").asBoolean());
    b.csvMultiline(o.path("csvMultiline").asBoolean());
    b.projection(o.path("projection").asBoolean());
    b.ordered(o.path("ordered").asBoolean());
    b.partitions(HivePartitions.fromJson(o));
    b.keyBounds(KeyBounds.fromJson(o.get("keyBounds")));
    return b.build();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof TableSpec && ((TableSpec) other).toJson().equals(toJson());
  }

  @Override
  public int hashCode() {
    return toJson().hashCode();
  }

  @Override
  public String toString() {
    return toJson();
  }

  /** Builds a {@link TableSpec}. */
  public static final class Builder {
    private TableFormat format;
    private char delimiter = '\t';
    private final List<String> fields = new ArrayList<>();
    private int keyFieldCount;
    private final List<KeyType> keyTypes = new ArrayList<>();
    private String nullToken = HIVE_NULL;
    private boolean emptyIsNull;
    private boolean csvHeader;
    private boolean csvMultiline;
    private boolean projection;
    private boolean ordered;
    private HivePartitions partitions = HivePartitions.NONE;
    private KeyBounds keyBounds;

    private Builder(TableFormat format) {
      this.format = format;
    }

    public Builder format(TableFormat f) {
      this.format = f;
      return this;
    }

    public Builder delimiter(char d) {
      this.delimiter = d;
      return this;
    }

    /**
     * The key's fields and their types (fewer types than fields: the rest are strings); replaces
     * any key set before and keeps the other fields after it.
     */
    public Builder key(List<String> keyFields, List<KeyType> types) {
      List<String> others = new ArrayList<>(fields.subList(keyFieldCount, fields.size()));
      fields.clear();
      fields.addAll(keyFields);
      fields.addAll(others);
      keyFieldCount = keyFields.size();
      keyTypes.clear();
      keyTypes.addAll(types.subList(0, Math.min(types.size(), keyFields.size())));
      return this;
    }

    /** Replaces the fields after the key (time, weight, importance ...). */
    public Builder otherFields(List<String> others) {
      List<String> key = new ArrayList<>(fields.subList(0, keyFieldCount));
      fields.clear();
      fields.addAll(key);
      fields.addAll(others);
      return this;
    }

    public Builder nullToken(String token) {
      this.nullToken = token;
      return this;
    }

    public Builder emptyIsNull(boolean b) {
      this.emptyIsNull = b;
      return this;
    }

    public Builder csvHeader(boolean b) {
      this.csvHeader = b;
      return this;
    }

    public Builder csvMultiline(boolean b) {
      this.csvMultiline = b;
      return this;
    }

    public Builder projection(boolean b) {
      this.projection = b;
      return this;
    }

    public Builder ordered(boolean b) {
      this.ordered = b;
      return this;
    }

    /** The input's partition columns ({@link HivePartitions#NONE}: none). */
    public Builder partitions(HivePartitions p) {
      this.partitions = p == null ? HivePartitions.NONE : p;
      return this;
    }

    /** The keys the reader may skip data without ({@link KeyBounds}); null: none. */
    public Builder keyBounds(KeyBounds b) {
      this.keyBounds = b;
      return this;
    }

    public TableSpec build() {
      return new TableSpec(this);
    }
  }
}
