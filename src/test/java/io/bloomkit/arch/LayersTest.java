package io.bloomkit.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import io.bloomkit.bloom.ArchFixtureBloomUsesAcbf;
import io.bloomkit.core.ArchFixtureCoreUsesRegistry;
import io.bloomkit.core.ArchFixtureCycleA;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The package layers of README's "Layout": dependencies point one way,
 *
 * <pre>
 *   core  &lt;-  data  &lt;-  sim  &lt;-  families (bloom, acbf, stable, window, lcbf, sbbf)  &lt;-  registry  &lt;-  mapreduce
 * </pre>
 *
 * (a layer may use any layer to its left), families do not use each other (except the ACBF package,
 * whose paper measures the counting Bloom filter of {@code bloom} as its baseline), and no two
 * top-level packages depend on each other in a cycle. Each rule is also run against a fixture that
 * breaks it, so a rule that checks nothing fails here.
 */
public class LayersTest {
  static final String[] FAMILIES = {"bloom", "acbf", "stable", "window", "lcbf", "sbbf"};

  private static final JavaClasses MAIN = MainClasses.get();

  static ArchRule layers() {
    return layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("Core").definedBy("io.bloomkit.core..")
        .layer("Data").definedBy("io.bloomkit.data..")
        .layer("Sim").definedBy("io.bloomkit.sim..")
        .layer("Families").definedBy(
            Arrays.stream(FAMILIES).map(f -> "io.bloomkit." + f + "..").toArray(String[]::new))
        .layer("Registry").definedBy("io.bloomkit.registry..")
        .layer("MapReduce").definedBy("io.bloomkit.mapreduce..")
        .whereLayer("MapReduce").mayNotBeAccessedByAnyLayer()
        .whereLayer("Registry").mayOnlyBeAccessedByLayers("MapReduce")
        .whereLayer("Families").mayOnlyBeAccessedByLayers("Registry", "MapReduce")
        .whereLayer("Sim").mayOnlyBeAccessedByLayers("Families", "Registry", "MapReduce")
        .whereLayer("Data")
        .mayOnlyBeAccessedByLayers("Sim", "Families", "Registry", "MapReduce");
  }

  static ArchRule noCycles() {
    return slices().matching("io.bloomkit.(*)..").should().beFreeOfCycles();
  }

  /** One rule per family: it uses no other family (acbf may use bloom). */
  static List<ArchRule> familiesApart() {
    List<ArchRule> rules = new ArrayList<>();
    for (String f : FAMILIES) {
      List<String> others = new ArrayList<>();
      for (String g : FAMILIES) {
        if (!g.equals(f) && !(f.equals("acbf") && g.equals("bloom"))) {
          others.add("io.bloomkit." + g + "..");
        }
      }
      rules.add(
          noClasses()
              .that()
              .resideInAPackage("io.bloomkit." + f + "..")
              .should()
              .dependOnClassesThat()
              .resideInAnyPackage(others.toArray(new String[0])));
    }
    return rules;
  }

  @Test
  public void dependenciesPointOneWay() {
    layers().check(MAIN);
  }

  @Test
  public void noPackageCycles() {
    noCycles().check(MAIN);
  }

  @Test
  public void familiesDoNotUseEachOther() {
    for (ArchRule r : familiesApart()) {
      r.check(MAIN);
    }
  }

  private static void assertViolated(ArchRule rule, Class<?>... fixture) {
    JavaClasses classes = new ClassFileImporter().importClasses(fixture);
    try {
      rule.check(classes);
    } catch (AssertionError expected) {
      return;
    }
    throw new AssertionError("a fixture breaking the rule passed it: " + rule.getDescription());
  }

  @Test
  public void theRulesCatchViolations() {
    // core reaching up into the registry breaks the layers
    assertViolated(layers(), ArchFixtureCoreUsesRegistry.class, io.bloomkit.registry.Filters.class);
    // core -> bloom -> core is a cycle of packages
    assertViolated(
        noCycles(), ArchFixtureCycleA.class, io.bloomkit.bloom.ArchFixtureCycleB.class);
    // bloom using the acbf family breaks the families' independence
    boolean caught = false;
    for (ArchRule r : familiesApart()) {
      try {
        r.check(
            new ClassFileImporter()
                .importClasses(
                    ArchFixtureBloomUsesAcbf.class,
                    io.bloomkit.acbf.AccurateCountingBloomFilter.class));
      } catch (AssertionError expected) {
        caught = true;
      }
    }
    if (!caught) {
      throw new AssertionError("bloom using acbf passed the families rule");
    }
  }
}
