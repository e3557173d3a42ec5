package io.bloomkit.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * Filters, hashing, bit structures, theory, simulations, data and the registry are plain Java: no Hadoop inside, and no dependency
 * on the MapReduce layer that wraps them.
 */
public class CoreHasNoHadoopTest {
  static final String[] CORE = {
    "io.bloomkit.core..", "io.bloomkit.data..", "io.bloomkit.sim..", "io.bloomkit.bloom..",
    "io.bloomkit.acbf..", "io.bloomkit.stable..", "io.bloomkit.window..", "io.bloomkit.lcbf..",
    "io.bloomkit.sbbf..",
    "io.bloomkit.registry.."
  };

  @Test
  public void corePackagesImportNothingFromHadoopOrTheMapReduceLayer() {
    JavaClasses classes = MainClasses.get();
    noClasses()
        .that()
        .resideInAnyPackage(CORE)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.apache.hadoop..", "io.bloomkit.mapreduce..")
        .check(classes);
  }

  /** A class that does what the rule forbids, to prove the rule can fail. */
  static final class UsesHadoop {
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration(false);
  }

  @Test
  public void theRuleCatchesAViolation() {
    JavaClasses fixture = new ClassFileImporter().importClasses(UsesHadoop.class);
    try {
      noClasses()
          .that()
          .resideInAnyPackage("io.bloomkit.arch..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("org.apache.hadoop..")
          .check(fixture);
    } catch (AssertionError expected) {
      return;
    }
    throw new AssertionError("a class using Hadoop passed the rule: the rule checks nothing");
  }
}
