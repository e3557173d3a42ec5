package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.parquet.CorruptDeltaByteArrays;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.conf.HadoopParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.compat.RowGroupFilter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.InitContext;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * Parquet files through parquet-avro ({@link ParquetReader} with an {@link AvroReadSupport} and
 * {@link ParquetCodecs}, which adds brotli to Parquet's codecs): records as generic Avro records of the file's Avro schema (the one
 * parquet-avro stored in the footer, else converted from the Parquet schema with the types
 * parquet-avro loses corrected by {@link ParquetTypes}). A split reads the row groups whose middle lies in it (Parquet's rule). With
 * {@link TableSpec#projection} the requested Parquet schema holds only the spec's fields, so only
 * their column chunks are read. The position is the row's index in the file.
 */
final class ParquetRows extends ColumnarRows {
  private final TableSpec spec;
  private ParquetReader<GenericRecord> reader;
  private Projected support;
  private GenericRecord next;
  /** The rows of the split's row groups, and how many were read (for the progress). */
  private long rows;
  private long read;

  ParquetRows(TableSpec spec) {
    this.spec = spec;
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context)
      throws IOException, InterruptedException {
    FileSplit file = (FileSplit) split;
    Configuration conf = context.getConfiguration();
    support = new Projected(spec, file.getPath());
    HadoopInputFile in = HadoopInputFile.fromPath(file.getPath(), conf);
    // the split's row groups are those whose middle lies in it, as ParquetRecordReader takes them
    FilterCompat.Filter skip;
    // (its codecs: the dictionary filter below decodes dictionary pages, brotli ones too)
    try (ParquetFileReader footer = ParquetFileReader.open(in, HadoopReadOptions.builder(conf,
        file.getPath()).withRange(file.getStart(), file.getStart() + file.getLength())
        .withCodecFactory(new ParquetCodecs(conf)).build())) {
      checkDeltaByteArrays(file.getPath(), footer, conf);
      skip = ParquetSkipping.filter(spec, footer.getFooter().getFileMetaData().getSchema());
      List<BlockMetaData> groups = footer.getRowGroups();
      List<BlockMetaData> kept = skip == FilterCompat.NOOP ? groups
          : RowGroupFilter.filterRowGroups(ParquetSkipping.LEVELS, skip, groups, footer);
      rows = 0;
      for (BlockMetaData g : kept) {
        rows += g.getRowCount();
      }
      if (kept.size() < groups.size()) {
        long skippedRows = footer.getRecordCount() - rows;
        long skippedBytes = 0;
        for (BlockMetaData g : groups) {
          skippedBytes += g.getCompressedSize();
        }
        for (BlockMetaData g : kept) {
          skippedBytes -= g.getCompressedSize();
        }
        count(context, TableStats.ReaderCounter.ROW_GROUPS_SKIPPED, groups.size() - kept.size());
        count(context, TableStats.ReaderCounter.ROWS_SKIPPED, skippedRows);
        count(context, TableStats.ReaderCounter.BYTES_SKIPPED, skippedBytes);
      }
    }
    try {
      // the same row groups as counted above: Parquet's reader filters them by the same levels,
      // and gives every row of those it reads (no record filter, no page skipping)
      reader = new Builder(in, conf, support)
          .withFileRange(file.getStart(), file.getStart() + file.getLength())
          .withCodecFactory(new ParquetCodecs(conf))
          .withFilter(skip)
          .useStatsFilter(true)
          .useDictionaryFilter(true)
          .useBloomFilter(true)
          .useRecordFilter(false)
          .useColumnIndexFilter(false)
          .build();
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  private static void count(TaskAttemptContext context, Enum<?> counter, long n) {
    if (context != null) {
      context.getCounter(counter).increment(n);
    }
  }

  /**
   * A reader of {@code file}'s footer with {@code conf}: {@code ParquetFileReader.open(InputFile)}
   * alone builds its options from a new default Configuration, which parses Hadoop's XML
   * resources again for every file.
   */
  static ParquetFileReader openFooter(Configuration conf, Path file) throws IOException {
    return ParquetFileReader.open(HadoopInputFile.fromPath(file, conf),
        HadoopReadOptions.builder(conf, file).build());
  }

  /**
   * ParquetRecordReader's check, kept: a file of parquet-mr before 1.8 with DELTA_BYTE_ARRAY pages
   * (PARQUET-246) reads wrong values when split, so it fails unless splitting is off.
   */
  private static void checkDeltaByteArrays(Path path, ParquetFileReader footer,
      Configuration conf) throws IOException {
    if (footer.getRowGroups().isEmpty()
        || !conf.getBoolean(ParquetInputFormat.SPLIT_FILES, true)) {
      return;
    }
    String createdBy = footer.getFooter().getFileMetaData().getCreatedBy();
    for (ColumnChunkMetaData c : footer.getRowGroups().get(0).getColumns()) {
      for (Encoding e : c.getEncodings()) {
        if (CorruptDeltaByteArrays.requiresSequentialReads(createdBy, e)) {
          throw new IOException("cannot read " + path + ": written by " + createdBy
              + " with " + e + " pages (PARQUET-246), it reads safely only unsplit: set "
              + ParquetInputFormat.SPLIT_FILES + " to false");
        }
      }
    }
  }

  /** Parquet's reader of one file with {@link Projected} (the builder's public extension point). */
  private static final class Builder extends ParquetReader.Builder<GenericRecord> {
    private final Projected support;

    Builder(HadoopInputFile in, Configuration conf, Projected support) {
      super(in, new HadoopParquetConfiguration(conf));
      this.support = support;
    }

    @Override
    protected ReadSupport<GenericRecord> getReadSupport() {
      return support;
    }
  }

  /** The file's Avro schema as rows see it ({@link ParquetTypes#logical}). */
  static Schema avroSchema(Configuration conf, Map<String, String> footer, MessageType parquet) {
    return ParquetTypes.of(conf, footer, parquet).logical;
  }

  /** Reads the spec's columns (all of them without projection) as Avro records. */
  static final class Projected extends AvroReadSupport<GenericRecord> {
    private final TableSpec spec;
    private final Path file;
    private AvroRow row;
    /** The records' schema as parquet-avro reads them, and as the row sees them. */
    private Schema rawRead;
    private Schema logicalRead;

    Projected(TableSpec spec, Path file) {
      super(GenericData.get());
      this.spec = spec;
      this.file = file;
    }

    @Override
    public ReadContext init(InitContext context) {
      MessageType fileSchema = context.getFileSchema();
      Map<String, String> footer = new java.util.HashMap<>();
      for (Map.Entry<String, Set<String>> e : context.getKeyValueMetadata().entrySet()) {
        footer.put(e.getKey(), e.getValue().iterator().next());
      }
      Configuration conf = ParquetTypes.readConf(context.getConfiguration());
      ParquetTypes types = ParquetTypes.of(conf, footer, fileSchema);
      Schema read = AvroRow.readSchema(spec, types.raw, file);
      rawRead = read;
      logicalRead = types.raw == types.logical
          ? read // nothing to correct: records go through as parquet-avro reads them
          : AvroRow.readSchema(spec, types.logical, file);
      row = new AvroRow(spec, types.logical, logicalRead, file);
      AvroReadSupport.setAvroReadSchema(conf, read);
      ReadContext plain = super.init(conf, footer, fileSchema);
      MessageType requested =
          spec.projection()
              ? new MessageType(fileSchema.getName(), keep(fileSchema, read))
              : fileSchema;
      return new ReadContext(requested, plain.getReadSupportMetadata());
    }

    /** The fields of {@code group} that {@code record} names, pruned as it is. */
    private static List<Type> keep(GroupType group, Schema record) {
      List<Type> out = new ArrayList<>();
      for (Schema.Field f : record.getFields()) {
        Type t = group.getType(f.name());
        Schema s = AvroColumns.nonNull(f.schema());
        if (!t.isPrimitive() && s.getType() == Schema.Type.RECORD
            && t.getLogicalTypeAnnotation() == null) {
          t = t.asGroupType().withNewFields(keep(t.asGroupType(), s));
        }
        out.add(t);
      }
      return out;
    }
  }

  @Override
  public boolean nextKeyValue() throws IOException, InterruptedException {
    try {
      next = reader.read();
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
    if (next == null) {
      return false;
    }
    read++;
    support.row.set((GenericRecord) ParquetTypes.convert(
        next, support.rawRead, support.logicalRead));
    position.set(reader.getCurrentRowIndex());
    return true;
  }

  @Override
  Row row() {
    return support.row;
  }

  @Override
  public float getProgress() throws IOException, InterruptedException {
    return rows == 0 ? 1f : Math.min(1f, (float) read / rows);
  }

  @Override
  public void close() throws IOException {
    if (reader != null) {
      reader.close();
    }
  }
}
