package io.bloomkit.mapreduce.simulate;

import static java.util.stream.Collectors.joining;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.Json;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.registry.Simulations;
import io.bloomkit.sim.Param;
import io.bloomkit.sim.ParamValues;
import io.bloomkit.sim.Simulation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * {@code simulate NAME [options]}: runs one of the {@link Simulations} in this JVM (no cluster) and
 * prints one JSON object per result row on stdout; {@code --csv FILE} also writes the rows as CSV.
 * The simulation's options are its {@link Simulation#params() parameters}: {@code --name ARG} with
 * the parameter's help text; their values reach it as {@link ParamValues}, converted where it reads
 * them (a bad value is a usage error naming the option, exit 2).
 */
public final class SimulateTool extends BloomkitTool {
  public static void main(String[] args) {
    main(new SimulateTool(), args);
  }

  @Override
  public String name() {
    return "simulate";
  }

  @Override
  public String description() {
    StringBuilder b = new StringBuilder("Runs a seeded simulation and prints one JSON object per row. NAME is one of:");
    for (Simulation s : Simulations.all()) {
      b.append("\n  ").append(s.name()).append(": ").append(s.description());
    }
    b.append("\n'simulate NAME --help' lists NAME's options.");
    return b.toString();
  }

  @Override
  public String summary() {
    StringBuilder names = new StringBuilder();
    for (Simulation s : Simulations.all()) {
      names.append(names.length() == 0 ? "" : ", ").append(s.name());
    }
    return "Runs a seeded simulation (" + names + ") and prints one JSON object per row";
  }

  @Override
  protected String argsSyntax() {
    return "NAME";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("csv", "FILE", "also write the rows as CSV to FILE (local path)"));
    return o;
  }

  @Override
  protected Options optionsFor(String[] args) {
    Options o = options();
    Simulation s = args.length > 0 ? Simulations.named(args[0]) : null;
    if (s != null) {
      optionsOf(s).getOptions().forEach(o::addOption);
    }
    return o;
  }

  /** One option {@code --name ARG} per parameter of {@code s}, with the parameter's help text. */
  static Options optionsOf(Simulation s) {
    Options o = new Options();
    for (Param<?> p : s.params()) {
      o.addOption(opt(p.name(), p.argName(), p.help()));
    }
    return o;
  }

  /** The values of {@code s}'s parameters on a command line parsed with (at least) its options. */
  static ParamValues valuesOf(Simulation s, CommandLine cl) {
    Map<String, String> given = new LinkedHashMap<>();
    for (Param<?> p : s.params()) {
      if (cl.hasOption(p.name())) {
        given.put(p.name(), cl.getOptionValue(p.name()));
      }
    }
    return ParamValues.of(given);
  }

  /**
   * The values of {@code s}'s parameters in {@code args} ({@code --name value ...}), parsed as the
   * tool parses them: lets tests and the report generators run a simulation from its arguments.
   *
   * @throws ParseException for an option {@code s} does not have or a missing value
   */
  public static ParamValues values(Simulation s, String... args) throws ParseException {
    return valuesOf(s, new DefaultParser().parse(optionsOf(s), args));
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    List<String> rest = cl.getArgList();
    if (rest.size() != 1) {
      throw new UsageException("expected one simulation NAME, got " + rest);
    }
    Simulation s = Simulations.named(rest.get(0));
    if (s == null) {
      throw new UsageException("unknown simulation '" + rest.get(0) + "'");
    }
    List<Map<String, Object>> rows;
    try {
      rows = s.run(valuesOf(s, cl));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    for (Map<String, Object> row : rows) {
      out().println(Json.write(row));
    }
    out().flush();
    if (cl.hasOption("csv")) {
      writeCsv(Paths.get(cl.getOptionValue("csv")), rows);
    }
    return null;
  }

  /**
   * Columns: every key of every row, in first-seen order; a missing value is an empty cell, an
   * array's values are joined with ';'. Cells are quoted as CSV needs ({@link CSVFormat#DEFAULT}'s
   * minimal quoting), lines end with the platform's line separator.
   */
  static void writeCsv(Path file, List<Map<String, Object>> rows) throws IOException {
    Set<String> columns = new LinkedHashSet<>();
    for (Map<String, Object> r : rows) {
      columns.addAll(r.keySet());
    }
    if (file.toAbsolutePath().getParent() != null) {
      Files.createDirectories(file.toAbsolutePath().getParent());
    }
    CSVFormat format =
        CSVFormat.DEFAULT.builder()
            .setHeader(columns.toArray(new String[0]))
            .setRecordSeparator(System.lineSeparator())
            .build();
    try (CSVPrinter csv =
        new CSVPrinter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), format)) {
      for (Map<String, Object> r : rows) {
        for (String c : columns) {
          csv.print(cell(r.get(c)));
        }
        csv.println();
      }
    }
  }

  private static String cell(Object v) {
    if (v instanceof double[]) {
      return DoubleStream.of((double[]) v).mapToObj(Double::toString).collect(joining(";"));
    } else if (v instanceof long[]) {
      return LongStream.of((long[]) v).mapToObj(Long::toString).collect(joining(";"));
    } else if (v instanceof int[]) {
      return IntStream.of((int[]) v).mapToObj(Integer::toString).collect(joining(";"));
    }
    return v == null ? "" : String.valueOf(v);
  }
}
