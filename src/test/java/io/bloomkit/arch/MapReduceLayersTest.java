package io.bloomkit.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import io.bloomkit.mapreduce.common.ArchFixtureCycleB;
import io.bloomkit.mapreduce.config.ArchFixtureCycleA;
import io.bloomkit.mapreduce.dedup.ArchFixtureDedupUsesJoin;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.table.ArchFixtureTableUsesJoin;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The floors of the MapReduce half (README, "Layout"; docs/architecture.md), arrows pointing down
 * only:
 *
 * <pre>
 *   driver (io.bloomkit.mapreduce: BloomkitDriver)
 *   demo                      runs build and join
 *   tools                     build, dedup, generate, icebergs, inspect, join, merge, probe,
 *                             simulate, size, update: one package each, none uses another
 *   plumbing                  common (jobs, work directories, shipped filters, record accounting,
 *                             progress, reports), cli (tool base class, options, output),
 *                             export (filter exports), filterjob (the filter build job tools share)
 *   readers                   table: formats, codecs, partitions, key encoding; knows no tool
 *   config                    BloomkitConfig (every bloomkit.* key), counter enums, UsageException
 * </pre>
 *
 * No two packages of the MapReduce half depend on each other in a cycle. Each rule is also run
 * against a fixture that breaks it, so a rule that checks nothing fails here.
 */
public class MapReduceLayersTest {
  static final String MR = "io.bloomkit.mapreduce";
  static final String[] PLUMBING = {"common", "cli", "export", "filterjob"};
  static final String[] TOOLS = {
    "build", "dedup", "generate", "icebergs", "inspect", "join", "merge", "probe", "simulate",
    "size", "update"
  };

  private static final JavaClasses MAIN =
      MainClasses.get().that(JavaClass.Predicates.resideInAPackage(MR + ".."));

  private static String[] packages(String... names) {
    return Arrays.stream(names).map(n -> MR + "." + n + "..").toArray(String[]::new);
  }

  static ArchRule floors() {
    return layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("Config").definedBy(packages("config"))
        .layer("Readers").definedBy(packages("table"))
        .layer("Plumbing").definedBy(packages(PLUMBING))
        .layer("Tools").definedBy(packages(TOOLS))
        .layer("Demo").definedBy(packages("demo"))
        .layer("Driver").definedBy(MR)
        .whereLayer("Driver").mayNotBeAccessedByAnyLayer()
        .whereLayer("Demo").mayOnlyBeAccessedByLayers("Driver")
        .whereLayer("Tools").mayOnlyBeAccessedByLayers("Demo", "Driver")
        .whereLayer("Plumbing").mayOnlyBeAccessedByLayers("Tools", "Demo", "Driver")
        .whereLayer("Readers").mayOnlyBeAccessedByLayers("Plumbing", "Tools", "Demo", "Driver")
        .whereLayer("Config")
        .mayOnlyBeAccessedByLayers("Readers", "Plumbing", "Tools", "Demo", "Driver");
  }

  static ArchRule noCycles() {
    return slices().matching(MR + ".(*)..").should().beFreeOfCycles();
  }

  /** One rule per tool: its package uses no other tool's package. */
  static List<ArchRule> toolsApart() {
    List<ArchRule> rules = new ArrayList<>();
    for (String t : TOOLS) {
      List<String> others = new ArrayList<>();
      for (String u : TOOLS) {
        if (!u.equals(t)) {
          others.add(MR + "." + u + "..");
        }
      }
      rules.add(
          noClasses()
              .that()
              .resideInAPackage(MR + "." + t + "..")
              .should()
              .dependOnClassesThat()
              .resideInAnyPackage(others.toArray(new String[0])));
    }
    return rules;
  }

  @Test
  public void floorsPointDown() {
    floors().check(MAIN);
  }

  @Test
  public void noPackageCycles() {
    noCycles().check(MAIN);
  }

  @Test
  public void toolsDoNotUseEachOther() {
    for (ArchRule r : toolsApart()) {
      r.check(MAIN);
    }
  }

  private static boolean violated(ArchRule rule, Class<?>... fixture) {
    try {
      rule.check(new ClassFileImporter().importClasses(fixture));
      return false;
    } catch (AssertionError expected) {
      return true;
    }
  }

  @Test
  public void theRulesCatchViolations() {
    if (!violated(floors(), ArchFixtureTableUsesJoin.class, JoinTool.class)) {
      throw new AssertionError("the reader layer using a tool passed the floors rule");
    }
    if (!violated(noCycles(), ArchFixtureCycleA.class, ArchFixtureCycleB.class)) {
      throw new AssertionError("config -> common -> config passed the cycles rule");
    }
    boolean caught = false;
    for (ArchRule r : toolsApart()) {
      caught |= violated(r, ArchFixtureDedupUsesJoin.class, JoinTool.class);
    }
    if (!caught) {
      throw new AssertionError("dedup using join passed the tools rule");
    }
  }
}
