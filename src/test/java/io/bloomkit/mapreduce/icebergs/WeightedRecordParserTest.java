package io.bloomkit.mapreduce.icebergs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.table.FixedRow;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The weight of a record whatever the format gives: text parsed as a decimal integer, integer
 * columns, whole decimal and floating-point values; anything else malformed, null counting 0.
 */
public class WeightedRecordParserTest {
  private static final TableSpec SPEC = TableSpec.builder(TableFormat.PARQUET)
      .key(List.of("k"), List.of()).otherFields(List.of("w")).build();

  /** A columnar row: key "k1", the weight given. */
  private static Row row(Object weight) {
    return new FixedRow("k1", weight);
  }

  private static long weight(Object v) {
    WeightedRecordParser p = new WeightedRecordParser(SPEC);
    assertEquals(KeyEncoder.Outcome.KEY, p.parse(row(v)), String.valueOf(v));
    return p.weight();
  }

  private static String problem(Object v) {
    WeightedRecordParser p = new WeightedRecordParser(SPEC);
    assertEquals(KeyEncoder.Outcome.MALFORMED, p.parse(row(v)), String.valueOf(v));
    return p.problem();
  }

  @Test
  public void wholeValuesOfEitherSignAreWeights() {
    assertEquals(-7, weight(" -7 "));
    assertEquals(-1, weight(-1L));
    assertEquals(Long.MIN_VALUE, weight(Long.MIN_VALUE));
    assertEquals(-300, weight(new BigDecimal("-3E+2")));
    assertEquals(-2, weight(-2.0));
    assertEquals(7, weight(" 7 "));
    assertEquals(0, weight("0"));
    assertEquals(3, weight(3L));
    assertEquals(Long.MAX_VALUE, weight(Long.MAX_VALUE));
    assertEquals(3, weight(new BigDecimal("3.00")));
    assertEquals(200, weight(new BigDecimal("2E+2")));
    assertEquals(2, weight(2.0));
    assertEquals(0, weight(-0.0));
  }

  @Test
  public void otherValuesAreMalformedNamingTheWeight() {
    assertEquals("weight \"2.5\" is not an integer", problem("2.5"));
    assertEquals("weight \"x\" is not an integer", problem(" x "));
    assertEquals("weight \"2.5\" is not an integer", problem(new BigDecimal("2.5")));
    assertEquals("weight \"2.5\" is not an integer", problem(2.5));
    assertEquals("weight \"NaN\" is not an integer", problem(Double.NaN));
    assertEquals("weight \"1.0E19\" is not an integer", problem(1e19));
    assertEquals("weight \"-1.0E19\" is not an integer", problem(-1e19));
    assertEquals("weight \"true\" is not an integer", problem(true));
    assertEquals("weight \"2024-01-01\" is not an integer",
        problem(LocalDate.of(2024, 1, 1)));
  }

  @Test
  public void aNullWeightCountsZeroAndANullKeyIsNoRecord() {
    WeightedRecordParser p = new WeightedRecordParser(SPEC);
    assertEquals(KeyEncoder.Outcome.KEY, p.parse(row(null)));
    assertEquals(0, p.weight());
    assertTrue(p.nullWeight());
    assertEquals(KeyEncoder.Outcome.KEY, p.parse(row(4L)));
    assertFalse(p.nullWeight());
    Row nullKey = new FixedRow(null, "junk");
    assertEquals(KeyEncoder.Outcome.NULL, p.parse(nullKey)); // whatever its weight
  }
}
