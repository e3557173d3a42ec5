package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.junit.jupiter.api.Test;

/** The join's output schema: names, prefixes, nullability, nested names. */
public class JoinRecordsTest {
  private static Schema nested(String field) {
    return SchemaBuilder.record("addr").fields().requiredString(field).endRecord();
  }

  @Test
  public void leftThenRightPrefixedOnlyWhereNamesCollideAndAllNullable() {
    Schema l = SchemaBuilder.record("l").fields().requiredLong("id").optionalString("a")
        .name("addr").type(nested("city")).noDefault().endRecord();
    Schema r = SchemaBuilder.record("r").fields().requiredLong("id").requiredDouble("b")
        .name("addr").type(nested("city")).noDefault().endRecord();
    Schema out = JoinRecords.schema(l, r);
    assertEquals(List.of("l_id", "a", "l_addr", "r_id", "b", "r_addr"),
        out.getFields().stream().map(Schema.Field::name).collect(Collectors.toList()));
    for (Schema.Field f : out.getFields()) {
      assertEquals(Schema.Type.NULL, f.schema().getTypes().get(0).getType(), f.name());
      assertTrue(f.hasDefaultValue(), f.name());
    }
    // the JSON parses back to the same schema (the shared nested type is defined once)
    assertEquals(out, new Schema.Parser().parse(out.toString()));
  }

  @Test
  public void twoDifferentNestedTypesOfOneNameAndATakenPrefixedNameAreRefused() {
    Schema l = SchemaBuilder.record("l").fields().name("addr").type(nested("city")).noDefault()
        .endRecord();
    Schema r = SchemaBuilder.record("r").fields().name("home").type(nested("zip")).noDefault()
        .endRecord();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> JoinRecords.schema(l, r));
    assertTrue(e.getMessage().contains("addr"), e.getMessage());
    Schema l2 = SchemaBuilder.record("l").fields().requiredLong("id").requiredLong("l_id")
        .endRecord();
    Schema r2 = SchemaBuilder.record("r").fields().requiredLong("id").endRecord();
    e = assertThrows(IllegalArgumentException.class, () -> JoinRecords.schema(l2, r2));
    assertTrue(e.getMessage().contains("l_id"), e.getMessage());
  }

  @Test
  public void emptySidesGiveOneStringColumn() {
    Schema out = JoinRecords.schema(JoinRecords.empty("left"), JoinRecords.empty("right"));
    assertEquals("_c0", out.getFields().get(0).name());
    assertEquals(1, out.getFields().size());
  }
}
