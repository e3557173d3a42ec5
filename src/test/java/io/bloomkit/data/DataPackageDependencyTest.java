package io.bloomkit.data;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.Test;

/** The generators are plain Java: usable without Hadoop, and below the MapReduce layer. */
public class DataPackageDependencyTest {
  private static final JavaClasses DATA =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.bloomkit.data");

  @Test
  public void generatorsDoNotUseHadoop() {
    noClasses()
        .that()
        .resideInAPackage("io.bloomkit.data..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.apache.hadoop..", "io.bloomkit.mapreduce..")
        .check(DATA);
  }
}
