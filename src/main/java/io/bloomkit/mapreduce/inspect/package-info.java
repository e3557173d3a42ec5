/**
 * The {@code inspect} tool: a filter file's family, parameters, provenance and (estimated or
 * exact) figures, as text or JSON.
 */
package io.bloomkit.mapreduce.inspect;
