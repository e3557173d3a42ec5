package io.bloomkit.mapreduce.generate;

import static io.bloomkit.mapreduce.cli.BloomkitTool.integerOpt;
import static io.bloomkit.mapreduce.cli.BloomkitTool.numberOpt;

import io.bloomkit.data.ClickLogGenerator;
import io.bloomkit.data.PatentDataGenerator;
import io.bloomkit.mapreduce.config.UsageException;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** What {@code generate} writes: each dataset with its own options and its {@link Generation}. */
enum Dataset {
  TPCH("tpch", TpchGeneration::options, TpchGeneration::new),
  TPCDS("tpcds", TpcdsGeneration::options, TpcdsGeneration::new),
  PATENTS("patents", PatentsGeneration::options, PatentsGeneration::new),
  CLICKS("clicks", ClicksGeneration::options, ClicksGeneration::new);

  /** The positional argument that names it. */
  private final String word;
  private final Supplier<Options> options;
  private final Function<CommandLine, Generation> plan;

  Dataset(String word, Supplier<Options> options, Function<CommandLine, Generation> plan) {
    this.word = word;
    this.options = options;
    this.plan = plan;
  }

  /** The dataset the positional arguments name (exactly one). */
  static Dataset of(List<String> args) {
    for (Dataset d : values()) {
      if (args.size() == 1 && d.word.equals(args.get(0))) {
        return d;
      }
    }
    throw new UsageException("expected one generator name, tpch, tpcds, patents or clicks, got " + args);
  }

  /** Every dataset's options (an option two datasets share once). */
  static Options allOptions() {
    Options all = new Options();
    for (Dataset d : values()) {
      for (Option o : d.options.get().getOptions()) {
        if (!all.hasLongOption(o.getLongOpt())) {
          all.addOption(o);
        }
      }
    }
    return all;
  }

  /** {@code --scale}, of tpch and tpcds. */
  static Option scale() {
    return numberOpt("scale", "S", "tpch, tpcds: scale factor, e.g. 0.01 or 1 (required for tpch"
        + " and tpcds)");
  }

  /** {@code --seed}, of patents and clicks. */
  static Option seed() {
    return integerOpt("seed", "S", "patents, clicks: random seed (default "
        + PatentDataGenerator.DEFAULT_SEED + " for patents, " + ClickLogGenerator.DEFAULT_SEED
        + " for clicks)");
  }

  /**
   * Refuses the options of the other datasets.
   *
   * @throws UsageException naming the first one given
   */
  void refuseOthers(CommandLine cl) {
    Options own = options.get();
    for (Option o : allOptions().getOptions()) {
      if (!own.hasLongOption(o.getLongOpt()) && cl.hasOption(o.getLongOpt())) {
        throw new UsageException("--" + o.getLongOpt() + " does not apply to " + word);
      }
    }
  }

  /**
   * The generation {@code cl} asks for: the dataset's options checked, its generator made.
   *
   * @throws UsageException for a bad value
   */
  Generation plan(CommandLine cl) {
    return plan.apply(cl);
  }

  @Override
  public String toString() {
    return word;
  }
}
