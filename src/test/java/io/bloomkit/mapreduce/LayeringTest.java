package io.bloomkit.mapreduce;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.Test;

/** The filter core stays plain Java: no Hadoop in hash, bits, filter or theory. */
public class LayeringTest {
  @Test
  public void coreDoesNotDependOnHadoopOrTheMapReduceLayer() {
    JavaClasses classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.bloomkit");
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.bloomkit.hash..", "io.bloomkit.bits..", "io.bloomkit.filter..", "io.bloomkit.theory..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.apache.hadoop..", "io.bloomkit.mapreduce..")
        .check(classes);
  }
}
