/**
 * The command line the tools share: the tool base class, the option groups several tools take,
 * and the result written as JSON or as an aligned summary.
 *
 * <p>Plumbing floor: it may use {@code common}, the reader layer ({@code table}), {@code config}
 * and the library; it knows no tool.
 *
 * <ul>
 *   <li>{@link BloomkitTool}: the base of every tool (run through {@code ToolRunner}; usage
 *       errors, typed option values, the JSON or summary result).
 *   <li>Shared options: {@link InputOptions} (a record input's {@link
 *       io.bloomkit.mapreduce.table.TableSpec}), {@link OutputOptions}, {@link RecordFormat},
 *       {@link MalformedOptions}, {@link SizingOptions}, {@link CountingSizing}, {@link
 *       MethodOptions}, {@link Choices}.
 *   <li>Output: {@link Json} (the one JSON writer); {@code Summary} (the text result) is
 *       package-private.
 * </ul>
 */
package io.bloomkit.mapreduce.cli;
