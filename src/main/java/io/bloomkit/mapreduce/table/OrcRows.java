package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.apache.orc.TypeDescription;

/**
 * ORC files through orc-core's vectorized reader. A split reads the stripes that start in it (as
 * orc-mapreduce's {@code OrcInputFormat}). With {@link TableSpec#projection} only the spec's
 * columns are included, so only their streams are read. Timestamps are read in UTC ({@code
 * useUTCTimestamp}): a {@code timestamp} is its wall-clock time taken as UTC, as text without an
 * offset reads. The position is the row's number in the file.
 */
final class OrcRows extends ColumnarRows {
  private final TableSpec spec;
  private Reader reader;
  private org.apache.orc.RecordReader rows;
  private VectorizedRowBatch batch;
  private OrcRow row;
  private int at;
  private long next;
  /** The rows of the split's stripes and those given; the context when rows may be skipped. */
  private long splitRows;
  private long read;
  private TaskAttemptContext context;

  OrcRows(TableSpec spec) {
    this.spec = spec;
  }

  /** Opens {@code file} as the ORC reader does (timestamps in UTC). */
  static Reader open(Path file, Configuration conf) throws IOException {
    return OrcFile.createReader(file, OrcFile.readerOptions(conf).useUTCTimestamp(true));
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
    FileSplit fs = (FileSplit) split;
    Path file = fs.getPath();
    reader = open(file, context.getConfiguration());
    TypeDescription schema = reader.getSchema();
    List<int[]> paths = new ArrayList<>();
    try {
      if (OrcColumns.TREE.fieldNames(schema) == null) {
        throw new IllegalArgumentException(
            file + " holds " + schema + " values, not rows of columns");
      }
      for (String f : spec.fields()) {
        paths.add(ColumnPaths.resolveOrAbsent(OrcColumns.TREE, schema, f, file));
      }
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
    boolean[] include = spec.projection() ? OrcColumns.include(schema, paths) : null;
    Reader.Options options =
        reader.options().range(fs.getStart(), fs.getLength()).include(include);
    splitRows = 0;
    for (StripeInformation s : reader.getStripes()) {
      if (s.getOffset() < fs.getStart()) {
        next += s.getNumberOfRows();
      } else if (s.getOffset() < fs.getStart() + fs.getLength()) {
        splitRows += s.getNumberOfRows();
      }
    }
    String keyColumn = OrcSkipping.column(spec, schema);
    if (keyColumn != null) {
      // row groups are skipped whole, the rows of the others all given (no row-level filter)
      SearchArgument skip = OrcSkipping.searchArgument(spec, keyColumn);
      options.searchArgument(skip, new String[] {keyColumn}).allowSARGToFilter(false);
      this.context = context;
    }
    rows = reader.rows(options);
    batch = schema.createRowBatch();
    batch.size = 0;
    row = new OrcRow(spec.delimiter(), schema, paths, include, batch);
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    at++;
    while (at >= batch.size) {
      if (!rows.nextBatch(batch)) {
        if (context != null) { // the rows of the split's row groups the search argument skipped
          context.getCounter(TableStats.ReaderCounter.ROWS_SKIPPED).increment(splitRows - read);
          context = null;
        }
        return false;
      }
      at = 0;
      if (context != null) { // rows may have been skipped before this batch
        next = rows.getRowNumber() - batch.size;
      }
    }
    row.set(at);
    position.set(next++);
    read++;
    return true;
  }

  @Override
  Row row() {
    return row;
  }

  @Override
  public float getProgress() throws IOException {
    return rows.getProgress();
  }

  @Override
  public void close() throws IOException {
    try (Reader r = reader) {
      if (rows != null) {
        rows.close();
      }
    }
  }

  /** One row of a batch. */
  static final class OrcRow extends ColumnarRow {
    private final TypeDescription schema;
    private final int[][] paths;
    private final int[] columns;
    private final boolean[] include;
    private final VectorizedRowBatch batch;
    private final SchemaMerge.Conformer conformer = new SchemaMerge.Conformer();
    private Schema own;
    private int r;

    OrcRow(char delimiter, TypeDescription schema, List<int[]> paths, boolean[] include,
        VectorizedRowBatch batch) {
      super(delimiter);
      this.schema = schema;
      this.paths = paths.toArray(new int[0][]);
      List<TypeDescription> top = schema.getChildren();
      this.columns =
          java.util.stream.IntStream.range(0, top.size())
              .filter(i -> include == null || include[top.get(i).getId()])
              .toArray();
      this.include = include;
      this.batch = batch;
    }

    void set(int row) {
      this.r = row;
      changed();
    }

    @Override
    Object slot(int slot) {
      int[] path = paths[slot];
      if (path == null) {
        return null; // a column this file lacks
      }
      ColumnVector v = batch.cols[path[0]];
      TypeDescription t = schema.getChildren().get(path[0]);
      for (int i = 1; i < path.length; i++) {
        int at = v.isRepeating ? 0 : r;
        if (!v.noNulls && v.isNull[at]) {
          return null;
        }
        v = ((StructColumnVector) v).fields[path[i]];
        t = t.getChildren().get(path[i]);
      }
      return OrcColumns.value(v, t, r, include);
    }

    /** The row as a record of its own schema, conformed to {@code avro} ({@link SchemaMerge}). */
    @Override
    public GenericRecord record(Schema avro) {
      if (own == null) {
        own = OrcAvro.toAvro(schema, "record");
      }
      return conformer.apply(OrcAvro.toAvro(schema, batch, r, own), avro);
    }

    @Override
    int columnCount() {
      return columns.length;
    }

    @Override
    Object column(int i) {
      return OrcColumns.value(
          batch.cols[columns[i]], schema.getChildren().get(columns[i]), r, include);
    }
  }
}
