/**
 * The {@code size} tool: the bytes, hash count and false-positive rate of a filter for given
 * items, without building it.
 */
package io.bloomkit.mapreduce.size;
