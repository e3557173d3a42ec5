/**
 * The MapReduce half of bloomkit, and its top floor: the driver. {@link BloomkitDriver} is the job
 * jar's main class; it registers every tool and runs the one named on the command line.
 *
 * <p>The floors, arrows pointing down only (README, "Layout"; MapReduceLayersTest): {@code config}
 * (configuration keys, counter enums) &lt; {@code table} (the reader layer) &lt; plumbing ({@code
 * common}, {@code cli}, {@code export}, {@code filterjob}) &lt; one package per tool ({@code
 * build}, {@code dedup}, {@code generate}, {@code icebergs}, {@code inspect}, {@code join}, {@code
 * merge}, {@code probe}, {@code simulate}, {@code size}, {@code update}; none uses another) &lt;
 * {@code demo} &lt; this package. The driver may use every floor; nothing uses the driver.
 */
package io.bloomkit.mapreduce;
