package io.bloomkit.mapreduce.merge;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.common.Report;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.merge.CombinePlan.Operation;
import io.bloomkit.registry.DistinctItems;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.Path;

/**
 * What {@code merge} and {@code subtract} share: {@code --output FILE} and two or more filter
 * files, parsed into a {@link CombinePlan}, run by {@link FilterCombine} and reported.
 */
abstract class CombineTool extends BloomkitTool {
  abstract Operation operation();

  /** How the help names the positional files. */
  @Override
  protected abstract String argsSyntax();

  @Override
  public String name() {
    return operation().tool;
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("output", "FILE", "filter file to write; must not exist (required)"));
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    CombinePlan plan = plan(cl);
    Report report = new Report();
    FilterCombine c = FilterCombine.run(getConf(), plan);
    Filter f = c.result;
    report.put("filter", plan.output.toString());
    List<String> inputs = new ArrayList<>();
    for (Path p : plan.inputs) {
      inputs.add(p.toString());
    }
    if (plan.operation == Operation.MERGE) {
      report.put("inputs", inputs);
    } else {
      report.put("from", inputs.get(0)).put("subtracted", inputs.subList(1, inputs.size()));
    }
    report.put("family", f.shape().name()).put("hashes", f.numHashes());
    for (Map.Entry<CombineCounters, Long> e : c.counters.entrySet()) {
      if (e.getKey() != CombineCounters.SERIALIZED_BYTES) {
        report.put(Report.key(e.getKey()), e.getValue());
      }
    }
    report
        .put("capacity", f.shape().capacity())
        .put("bits", f.memoryBits())
        .put("fpp", f.expectedFpp());
    for (Map.Entry<String, Object> e : DistinctItems.of(f).fields().entrySet()) {
      report.put(e.getKey(), e.getValue());
    }
    return report
        .put(Report.key(CombineCounters.SERIALIZED_BYTES),
            c.counters.get(CombineCounters.SERIALIZED_BYTES))
        .seconds()
        .fields();
  }

  /** Checks the command line (usage errors: exit 2). */
  private CombinePlan plan(CommandLine cl) throws Exception {
    List<String> args = cl.getArgList();
    if (args.size() < 2) {
      throw new UsageException("expected two or more filter files (" + argsSyntax() + "), got "
          + args.size());
    }
    List<Path> inputs = new ArrayList<>();
    for (String a : args) {
      inputs.add(existingFile(a, "filter"));
    }
    Path out = absentPath(required(cl, "output"), "output");
    return new CombinePlan(operation(), inputs, out, commandLine());
  }
}
