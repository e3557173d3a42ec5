/**
 * The reader layer: every input format read as rows and every output format written, for all the
 * tools. Text, CSV, SequenceFile, Avro, Parquet and ORC; compression codecs; Hive-style partition
 * columns; key fields by name or number, typed, with the null rules; a record's key in canonical
 * bytes.
 *
 * <p>Reader floor: above {@code config}, below the plumbing and the tools. Of the MapReduce half
 * it may use only {@code config}; of the library it uses {@code core.key}. It knows no tool.
 *
 * <ul>
 *   <li>Reading: {@link TableInputFormat} (the one input format of every job) hands mappers a
 *       {@link Row} per record, as its {@link TableSpec} asks (format {@link TableFormat}, key
 *       fields and types, null rules); {@link Tables} reads on the client (listing, sampling, the
 *       data's size); {@link TableSchemas}, {@link TableCodecs} and {@link HivePartitions} check
 *       and complete a spec before any job; {@link TableStats} says what a job read.
 *   <li>Keys: {@link KeyEncoder} (a row's key in canonical bytes), {@link TextKeys} (Hive's and
 *       Spark's key text).
 *   <li>Writing: {@link TableOutputs} (a job's typed output), {@link TableWriter}, {@link
 *       RecordLines} and {@link RecordText} (records through a shuffle and as text), {@link
 *       OrcAvro} and {@link AvroRecordOutputFormat}.
 * </ul>
 */
package io.bloomkit.mapreduce.table;
