/**
 * The {@code merge} and {@code subtract} tools: filter files combined on the client, counters
 * added or subtracted, Bloom filter bits ORed, exact sets united; every input is checked against the
 * first (family, shape, hash, key types) before any payload is read, and the result is written
 * atomically. With {@code build} and {@code update} they keep a rolling window of daily filters:
 * today's window is yesterday's minus the expired day plus today (docs/tools.md).
 */
package io.bloomkit.mapreduce.merge;
