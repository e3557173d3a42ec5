/**
 * Configuration and counters, the bottom floor of the MapReduce half: {@link
 * io.bloomkit.mapreduce.config.BloomkitConfig} declares every {@code bloomkit.*} key with its
 * description, default and allowed values; the counter enums ({@code BuildCounters}, {@code
 * JoinCounters}, {@code DedupCounters}, {@code IcebergCounters}) are what the jobs count and
 * the reports read; {@link io.bloomkit.mapreduce.config.UsageException} is a command line or
 * configuration value the tool cannot run. Depends on nothing else of bloomkit's MapReduce half.
 */
package io.bloomkit.mapreduce.config;
