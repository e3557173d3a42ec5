package io.bloomkit.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import io.bloomkit.sim.ArchFixtureSimUsesCommonsCli;
import org.junit.jupiter.api.Test;

/**
 * Command lines are the tools' business: only {@code io.bloomkit.mapreduce} (where the tools live)
 * uses commons-cli; simulations declare typed {@link io.bloomkit.sim.Param}s instead.
 */
public class CommonsCliTest {
  static ArchRule onlyMapReduceUsesCommonsCli() {
    return noClasses()
        .that()
        .resideOutsideOfPackage("io.bloomkit.mapreduce..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.apache.commons.cli..");
  }

  @Test
  public void onlyTheMapReduceLayerUsesCommonsCli() {
    onlyMapReduceUsesCommonsCli().check(MainClasses.get());
  }

  @Test
  public void theRuleCatchesAViolation() {
    JavaClasses fixture = new ClassFileImporter().importClasses(ArchFixtureSimUsesCommonsCli.class);
    try {
      onlyMapReduceUsesCommonsCli().check(fixture);
    } catch (AssertionError expected) {
      return;
    }
    throw new AssertionError("sim using commons-cli passed the rule: the rule checks nothing");
  }
}
