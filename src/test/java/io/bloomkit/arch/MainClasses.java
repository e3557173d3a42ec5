package io.bloomkit.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * bloomkit's main classes as ArchUnit imports them, once per test JVM for every rule test of this
 * package (each import reads every class file; the rules only read the result).
 */
final class MainClasses {
  private MainClasses() {}

  private static JavaClasses main;

  /** Every class of {@code io.bloomkit} in main code (no test classes). */
  static synchronized JavaClasses get() {
    if (main == null) {
      main = new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.bloomkit");
    }
    return main;
  }
}
