/**
 * The {@code generate} tool: {@link GenerateTool} writes benchmark inputs (TPC-H, TPC-DS,
 * NBER-shaped patents, an ad-click log) as {@code part-NNNNN} files through a Hadoop file system, as text or
 * typed records in the other formats. The data logic is in {@code io.bloomkit.data}; each
 * dataset's options and run are package-private ({@code Dataset}, {@code Generation}).
 *
 * <p>Tool floor: it may use the plumbing ({@code cli}), the reader layer ({@code table}, for the
 * typed formats), {@code config} and the library; no other tool.
 */
package io.bloomkit.mapreduce.generate;
