package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

public class TableSpecTest {
  @Test
  public void roundTripsThroughTheConfigurationXml() throws Exception {
    Random r = new Random(7);
    String chars = "\t,|\u0001\\\"é{}N";
    for (int i = 0; i < 500; i++) {
      TableFormat f = TableFormat.values()[r.nextInt(TableFormat.values().length)];
      List<String> keys = new ArrayList<>();
      List<KeyType> types = new ArrayList<>();
      for (int k = 1 + r.nextInt(3); k > 0; k--) {
        keys.add(r.nextBoolean() ? String.valueOf(r.nextInt(9)) : "col.x" + r.nextInt(9));
        types.add(KeyType.values()[r.nextInt(KeyType.values().length)]);
      }
      TableSpec spec =
          TableSpec.builder(f)
              .delimiter(chars.charAt(r.nextInt(chars.length())))
              .key(keys, types)
              .otherFields(r.nextBoolean() ? List.of("t") : List.of())
              .nullToken(r.nextBoolean() ? null : "" + chars.charAt(r.nextInt(chars.length())) + "\\N")
              .emptyIsNull(r.nextBoolean())
              .csvHeader(r.nextBoolean())
              .csvMultiline(r.nextBoolean())
              .projection(r.nextBoolean())
              .ordered(r.nextBoolean())
              .build();
      Configuration conf = new Configuration(false);
      spec.store(conf, BloomkitConfig.INPUT_SPEC);
      java.io.ByteArrayOutputStream xml = new java.io.ByteArrayOutputStream();
      conf.writeXml(xml); // job.xml is XML 1.0: the spec must survive it
      Configuration back = new Configuration(false);
      back.addResource(new java.io.ByteArrayInputStream(xml.toByteArray()));
      TableSpec read = TableSpec.load(back, BloomkitConfig.INPUT_SPEC);
      assertEquals(spec, read);
      assertEquals(spec.fields(), read.fields());
      assertEquals(spec.keyTypes(), read.keyTypes());
      assertEquals(spec.delimiter(), read.delimiter());
      assertEquals(spec.nullToken(), read.nullToken());
    }
  }

  @Test
  public void missingKeyTypesAreStringsAndTheKeyComesFirst() {
    TableSpec spec =
        TableSpec.builder(TableFormat.TEXT)
            .otherFields(List.of("5"))
            .key(List.of("1", "2"), List.of(KeyType.LONG))
            .build();
    assertEquals(List.of("1", "2", "5"), spec.fields());
    assertEquals(List.of(KeyType.LONG, KeyType.STRING), spec.keyTypes());
    assertEquals(2, spec.keyFieldCount());
    assertEquals(TableSpec.HIVE_NULL, spec.nullToken());
  }

  @Test
  public void noSpecIsAClearError() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class,
            () -> TableSpec.load(new Configuration(false), BloomkitConfig.INPUT_SPEC));
    assertEquals("no input spec in bloomkit.input.spec", e.getMessage());
    assertNull(TableFormat.parse("input-format", "auto"));
  }
}
