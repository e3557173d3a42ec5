package io.bloomkit.mapreduce.export;

/**
 * The library whose own format {@code build --target} writes a filter in: bloomkit's filter file
 * (docs/format.md), or another engine's Bloom filter made by that library's own classes (see
 * {@link ExportFilter} and docs/tools.md, "Filters for other engines"). The command-line name is
 * the lower-case constant name.
 */
public enum ExportTarget {
  /** bloomkit's filter file (every family; the default). */
  BLOOMKIT,
  /**
   * Hadoop's {@code org.apache.hadoop.util.bloom.BloomFilter} (or {@code CountingBloomFilter})
   * Writable, over the canonical key bytes: what Pig's {@code Bloom} UDF reads.
   */
  HADOOP,
  /**
   * Hive's {@code BloomKFilter} (hive-storage-api) as its {@code bloom_filter} UDAF serializes it:
   * what {@code in_bloom_filter} reads.
   */
  HIVE,
  /** Spark's {@code org.apache.spark.util.sketch.BloomFilter}, its {@code writeTo} format. */
  SPARK,
  /**
   * Parquet's split-block Bloom filter ({@code BlockSplitBloomFilter}): its {@code
   * BloomFilterHeader} then the bitset, as a Parquet file stores a column chunk's filter.
   */
  PARQUET;

  /** Whether the target holds only a single-column key (hive, spark, parquet). */
  public boolean singleColumn() {
    return this == HIVE || this == SPARK || this == PARQUET;
  }
}
