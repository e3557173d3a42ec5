package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;

/** RecordText against lines written out by hand. */
public class RecordTextTest {
  private static final Schema INNER = SchemaBuilder.record("inner").fields()
      .optionalString("s").requiredLong("n").endRecord();
  private static final Schema SCHEMA = SchemaBuilder.record("r").fields()
      .optionalString("s")
      .name("bin").type().optional().bytesType()
      .name("ts").type().optional().type(
          LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG)))
      .name("rec").type().optional().type(INNER)
      .name("m").type().optional().map().values().nullable().stringType()
      .name("a").type().optional().array().items().nullable().doubleType()
      .endRecord();

  @Test
  public void topLevelFieldsPlainNestedOnesAsJson() {
    GenericData.Record inner = new GenericData.Record(INNER);
    inner.put("s", "say \"hi\"\tnow");
    inner.put("n", -3L);
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("k", null);
    m.put("q\"", new Utf8("v"));
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("s", new Utf8("a,b"));
    r.put("bin", ByteBuffer.wrap("hi!".getBytes(StandardCharsets.US_ASCII)));
    r.put("ts", -1L);
    r.put("rec", inner);
    r.put("m", m);
    r.put("a", List.of(1.5, Double.NaN));
    assertEquals("a,b|686921|1969-12-31T23:59:59.999Z"
        + "|{\"s\":\"say \\\"hi\\\"\\tnow\",\"n\":-3}|{\"k\":null,\"q\\\"\":\"v\"}|[1.5,NaN]",
        RecordText.line(r, "|"));
    GenericData.Record nulls = new GenericData.Record(SCHEMA);
    inner.put("s", null);
    nulls.put("rec", inner);
    assertEquals(List.of("\\N", "\\N", "\\N", "{\"s\":null,\"n\":-3}", "\\N", "\\N"),
        RecordText.fields(nulls));
  }
}
