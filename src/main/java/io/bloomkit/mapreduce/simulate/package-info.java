/**
 * The {@code simulate} tool: runs one of the registered simulations of the papers in this JVM (no
 * cluster) and prints one JSON object per result row (CSV with {@code --csv}).
 */
package io.bloomkit.mapreduce.simulate;
