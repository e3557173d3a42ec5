package io.bloomkit.arch;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.apache.hadoop.mrunit.testutil.ExtendedAssert;
import org.junit.jupiter.api.Test;

/**
 * One test framework: every test runs on JUnit 5 (Jupiter). JUnit 4 ({@code junit:junit}) is still on
 * the test classpath as a dependency of MRUnit, so nothing but this rule stops a test from using
 * {@code org.junit.Test}, {@code org.junit.Assert}, rules or runners again (and the build has no
 * vintage engine: such a test would silently not run).
 */
class OneTestFrameworkTest {
  /** JUnit 4's packages: {@code org.junit} and its sub-packages but Jupiter's and the platform's. */
  private static final DescribedPredicate<com.tngtech.archunit.core.domain.JavaClass> JUNIT4 =
      resideInAPackage("org.junit..")
          .and(DescribedPredicate.not(resideInAnyPackage("org.junit.jupiter..", "org.junit.platform..")))
          .as("JUnit 4 (org.junit outside org.junit.jupiter and org.junit.platform)");

  static ArchRule noJUnit4() {
    return noClasses().should().dependOnClassesThat(JUNIT4);
  }

  @Test
  void noTestUsesJUnit4() {
    JavaClasses tests =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
            .importPackages("io.bloomkit");
    noJUnit4().check(tests);
  }

  @Test
  void theRuleCatchesAViolation() {
    // MRUnit's own assertions call org.junit.Assert: the rule must reject them
    JavaClasses fixture = new ClassFileImporter().importClasses(ExtendedAssert.class);
    assertThrows(AssertionError.class, () -> noJUnit4().check(fixture));
  }
}
