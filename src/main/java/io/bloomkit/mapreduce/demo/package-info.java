/**
 * The {@code demo} command: {@link DemoTool} runs the {@code build} and {@code join} tools on the
 * committed sample data (sample-data/README.md) in one local command and repeats their results.
 *
 * <p>Demo floor: above the tools, below the driver. It may use the tools it runs ({@code build},
 * {@code join}), the plumbing, the reader layer and {@code config}; only the driver uses it.
 */
package io.bloomkit.mapreduce.demo;
