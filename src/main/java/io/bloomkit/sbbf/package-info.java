/**
 * The split-block Bloom filter ({@code sbbf}): blocks of 256 bits, eight bits per key in one
 * block, so a probe reads one cache line (Putze, Sanders, Singler, "Cache-, Hash- and
 * Space-Efficient Bloom Filters", WEA 2007; the layout of Impala, Kudu and Parquet's SBBF). Its
 * rate and sizing are {@link io.bloomkit.core.SplitBlockSizing}, which {@link
 * io.bloomkit.core.FilterShape} uses; {@link io.bloomkit.sbbf.SplitBlockBloomFilter} is the filter.
 */
package io.bloomkit.sbbf;
