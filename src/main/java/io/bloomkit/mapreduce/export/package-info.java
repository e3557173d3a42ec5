/**
 * Filter exports: the Bloom filters of other engines that {@code build --target} fills and writes
 * with that library's own classes (docs/tools.md, "Filters for other engines"): Hadoop's, Hive's,
 * Spark's and Parquet's.
 *
 * <p>Plumbing floor: it may use {@code common}, the reader layer, {@code config} and the library;
 * it knows no tool. Public: {@link ExportTarget} (the {@code --target} values) and {@link
 * ExportFilter} (a filter of another library); the four implementations are package-private.
 */
package io.bloomkit.mapreduce.export;
