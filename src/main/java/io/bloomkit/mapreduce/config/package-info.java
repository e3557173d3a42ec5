/**
 * Configuration and counters, the bottom floor of the MapReduce half: {@link
 * io.bloomkit.mapreduce.config.BloomkitConfig} declares every {@code bloomkit.*} key with its
 * description, default and allowed values ({@code ConfigValues} parses and checks them;
 * docs/tools.md lists them); {@link io.bloomkit.mapreduce.config.CacheLinks} names the files
 * shipped through the DistributedCache and {@link io.bloomkit.mapreduce.config.SystemProperties}
 * the JVM properties, which are not keys; the counter enums ({@code BuildCounters}, {@code
 * JoinCounters}, {@code DedupCounters}, {@code IcebergCounters}) are what the jobs count and
 * the reports read; {@link io.bloomkit.mapreduce.config.UsageException} is a command line or
 * configuration value the tool cannot run. Depends on nothing else of bloomkit's MapReduce half.
 */
package io.bloomkit.mapreduce.config;
