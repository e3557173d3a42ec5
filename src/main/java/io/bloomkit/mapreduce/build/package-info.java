/**
 * The {@code build} tool: {@link BuildTool} builds a filter file (or, with {@code --target},
 * another engine's filter) from the distinct keys of its inputs, through the filter build job of
 * {@code filterjob} and the exports of {@code export}.
 *
 * <p>Tool floor: it may use the plumbing ({@code common}, {@code cli}, {@code export}, {@code
 * filterjob}), the reader layer ({@code table}), {@code config} and the library; no other tool.
 */
package io.bloomkit.mapreduce.build;
