package io.bloomkit.mapreduce.update;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.InputOptions;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.RecordFormat;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.common.Report;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.Path;

/**
 * {@code update --filter FILE --output FILE [--add PATH[,PATH]] [--remove PATH[,PATH]]
 * [--skip-non-members] [--key-field F[,G]] [--delimiter D] [--max-malformed-share S]
 * [--input-format FMT] [--key-type T] [--null-token S] [--quiet] [--json]}:
 * incremental maintenance of a counting filter (acbf,
 * cbf): on the client, or for inputs above {@code bloomkit.update.local.max.bytes} with MapReduce
 * jobs ({@link UpdateJobs}) that write the same file. Reads FILE fully, adds the distinct keys of the {@code --add} inputs, then
 * removes the distinct keys of the {@code --remove} inputs, and writes OUTPUT atomically; FILE is
 * never modified. If a key to remove is not a member (some counter is 0), the whole update is
 * refused (exit 1, nothing written), naming the first such key and how many there are: a counting
 * filter cannot tell a key never added that passes it (a false positive, probability fpp) from a
 * member, so such removals decrement counters of real keys and later queries miss them. With
 * {@code --skip-non-members} they are skipped and counted ({@code removedNonMembers}) and a warning
 * gives {@code expectedWrongDecrements}, the expected number of undetectable false-positive
 * removals among the same keys: {@code removedNonMembers * fpp / (1 - fpp)}. Adding
 * past an ACBF's capacity (the items its idle space holds; build it with {@code --capacity} above
 * the key count to leave room) fails before anything is written. A CBF has no hard capacity: it
 * takes more keys than it was sized for at a higher fpp (its counters saturate at 15, safely).
 *
 * <p>Keys are added once per distinct key of the inputs, unconditionally: a key already present
 * gets a count of 2 and needs two removals, which is safe (never a false negative). The inputs are
 * read as every tool reads them ({@link InputOptions}: any format, keys by number or column name,
 * typed keys in their canonical bytes); a record whose key is null is skipped and counted ({@code
 * nullKeys}): SQL never matches a null key, so no filter holds one.
 *
 * <p>The tool parses the command line into an {@link UpdatePlan}, runs it ({@link FilterUpdate})
 * and reports what it did.
 */
public final class UpdateTool extends BloomkitTool {
  @Override
  public String name() {
    return "update";
  }

  @Override
  public String description() {
    return "Add and remove keys of a counting filter (acbf, cbf), writing a new filter file.";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("filter", "FILE", "counting filter to start from (required; not modified)"));
    o.addOption(opt("output", "FILE", "updated filter to write; must not exist (required)"));
    o.addOption(opt("add", "PATH[,PATH]", "inputs whose keys are added"));
    o.addOption(opt("remove", "PATH[,PATH]", "inputs whose keys are removed"));
    o.addOption(
        flag("skip-non-members", "skip keys to remove that are not members instead of refusing"
            + " the update; warns with the expected number of keys never added that passed the"
            + " filter and were wrongly removed"));
    o.addOption(opt("key-field", "F[,G]", "key field(s): 0-based numbers, or column names of"
        + " avro, parquet, orc and CSV with a header (default 0)"));
    o.addOption(SizingOptions.delimiter());
    MalformedOptions.add(o);
    InputOptions.add(o, InputOptions.Side.ONE);
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    UpdatePlan plan = plan(cl);
    plan.commandLine = commandLine();
    Report report = new Report();
    FilterUpdate u = FilterUpdate.run(getConf(), plan, err());
    CountingFilter f = u.filter;
    return report
        .put("filter", plan.output.toString())
        .put("from", plan.from.toString())
        .put("family", f.shape().name())
        .put("itemsBefore", u.itemsBefore)
        .put("items", f.items())
        .put("added", u.added)
        .put("removed", u.removed)
        .put("removedNonMembers", u.removedNonMembers)
        .put("expectedWrongDecrements", u.expectedWrongDecrements)
        .put("inputRecords", u.inputRecords)
        .put("malformedRecords", u.malformedRecords)
        .put("nullKeys", u.nullKeys)
        .put("malformedWarning", u.malformedWarning)
        .put("capacity", u.capacity)
        .put("bits", f.memoryBits())
        .put("fpp", f.expectedFpp())
        .put("serializedBytes", u.serializedBytes)
        .seconds()
        .fields();
  }

  /** Checks the command line (usage errors: exit 2). */
  private UpdatePlan plan(CommandLine cl) throws Exception {
    char delimiter = RecordFormat.delimiter(cl);
    List<String> fields = InputOptions.fields(cl, "key-field", "0");
    double maxShare = MalformedOptions.maxShare(cl);
    if (!cl.hasOption("add") && !cl.hasOption("remove")) {
      throw new UsageException("nothing to do: give --add and/or --remove");
    }
    Path in = existingFile(required(cl, "filter"), "filter");
    Path[] add = cl.hasOption("add") ? existingPaths(cl.getOptionValue("add"), "add") : new Path[0];
    Path[] remove =
        cl.hasOption("remove") ? existingPaths(cl.getOptionValue("remove"), "remove") : new Path[0];
    Path out = absentPath(required(cl, "output"), "output");
    TableSpec addSpec = spec(cl, add, fields);
    TableSpec removeSpec = spec(cl, remove, fields);
    if (addSpec != null && removeSpec != null
        && !addSpec.keyTypes().equals(removeSpec.keyTypes())) {
      throw new UsageException("the --add input's key types (" + types(addSpec)
          + ") differ from the --remove input's (" + types(removeSpec) + "); give --key-type");
    }
    return new UpdatePlan(in, add, remove, out, addSpec != null ? addSpec : removeSpec,
        removeSpec != null ? removeSpec : addSpec, String.join(",", fields),
        String.valueOf(delimiter), cl.hasOption("skip-non-members"), maxShare);
  }

  private static String types(TableSpec spec) {
    return spec.keyTypes().stream().map(t -> t.cliName()).collect(Collectors.joining(","));
  }

  /** How the input {@code paths} is read (its fields checked against its files); null if none. */
  private TableSpec spec(CommandLine cl, Path[] paths, List<String> fields) throws IOException {
    return paths.length == 0
        ? null
        : InputOptions.spec(cl, getConf(), InputOptions.Side.ONE, paths, fields, List.of());
  }

  public static void main(String[] args) {
    main(new UpdateTool(), args);
  }

  /** Inputs above {@code bloomkit.update.local.max.bytes} are read by MapReduce jobs. */
  @Override
  protected boolean runsJobs() {
    return true;
  }
}
