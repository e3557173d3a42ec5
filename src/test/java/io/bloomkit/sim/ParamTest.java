package io.bloomkit.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Typed parameters: conversion, bounds, defaults, help text, and errors that name the option. */
public class ParamTest {
  static final Param<Integer> ITEMS = Param.ofInt("items", "N", "stored items", 100, 1);
  static final Param<Long> SEED = Param.ofLong("seed", "S", "random seed", 1L);
  static final Param<Double> ALPHA = Param.ofDouble("alpha", "A", "Zipf exponent", 1.0);
  static final Param<String> STREAM = Param.ofString("stream", "S", "zipf or uniform", "zipf");
  static final Param<int[]> SLICES = Param.ofIntList("slices", "LIST", "slice counts", new int[] {1, 2, 4}, 1);
  static final Param<int[]> FAILED = Param.ofIntList("failed", "LIST", "failed slices", new int[] {0}, 0);
  static final Param<double[]> FPP = Param.ofDoubleList("fpp", "LIST", "rates", new double[] {0.02, 0.5});
  static final Param<String[]> MODES = Param.ofStringList("modes", "LIST", "modes", new String[] {"a", "b"});
  static final Param<String> FILTER = Param.ofString("filter", "F", "bf or sbf", null).required();
  static final Param<Long> TIMERS = Param.ofLong("timers", "M", "timers (default: sized for fpp)", null);

  static ParamValues given(String... nameValue) {
    java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
    for (int i = 0; i < nameValue.length; i += 2) {
      m.put(nameValue[i], nameValue[i + 1]);
    }
    return ParamValues.of(m);
  }

  static void assertRejected(String message, Runnable r) {
    try {
      r.run();
      fail("accepted: expected " + message);
    } catch (IllegalArgumentException e) {
      assertEquals(message, e.getMessage());
    }
  }

  @Test
  public void valuesConvertToTheirTypes() {
    ParamValues v =
        given("items", " 1_000 ", "seed", "-7", "alpha", "0.75", "stream", "uniform", "slices",
            "8, 16,32", "failed", "0,3", "fpp", "0.1,1e-3", "modes", " dense , sparse");
    assertEquals(Integer.valueOf(1000), v.get(ITEMS));
    assertEquals(Long.valueOf(-7), v.get(SEED));
    assertEquals(0.75, v.get(ALPHA), 0);
    assertEquals("uniform", v.get(STREAM));
    assertArrayEquals(new int[] {8, 16, 32}, v.get(SLICES));
    assertArrayEquals(new int[] {0, 3}, v.get(FAILED));
    assertArrayEquals(new double[] {0.1, 0.001}, v.get(FPP), 0);
    assertArrayEquals(new String[] {"dense", "sparse"}, v.get(MODES));
    assertTrue(v.isSet(ITEMS) && !v.isSet(TIMERS));
  }

  @Test
  public void unsetValuesTakeTheDefaultOrTheFallback() {
    ParamValues v = ParamValues.defaults();
    assertEquals(Integer.valueOf(100), v.get(ITEMS));
    assertEquals(Long.valueOf(1), v.get(SEED));
    assertArrayEquals(new int[] {1, 2, 4}, v.get(SLICES));
    assertNull(v.get(TIMERS));
    assertEquals(Long.valueOf(42), v.get(TIMERS, 42L));
    assertEquals(Long.valueOf(5), given("timers", "5").get(TIMERS, 42L));
    assertFalse(v.isSet(ITEMS));
  }

  @Test
  public void badValuesNameTheOption() {
    assertRejected("--items: not an integer: x", () -> given("items", "x").get(ITEMS));
    assertRejected("--items must be at least 1: 0", () -> given("items", "0").get(ITEMS));
    assertRejected("--items: not an integer: 3000000000", () -> given("items", "3000000000").get(ITEMS));
    assertRejected("--seed: not an integer: 1.5", () -> given("seed", "1.5").get(SEED));
    assertRejected("--alpha: not a number: one", () -> given("alpha", "one").get(ALPHA));
    assertRejected("--slices must be at least 1: 0", () -> given("slices", "4,0").get(SLICES));
    assertRejected("--slices: not an integer:  y", () -> given("slices", "4, y").get(SLICES));
    assertRejected("--failed must be at least 0: -1", () -> given("failed", "-1").get(FAILED));
    assertRejected("--fpp: not a number: z", () -> given("fpp", "0.1,z").get(FPP));
    assertRejected("--filter is required", () -> ParamValues.defaults().get(FILTER));
    assertEquals("sbf", given("filter", "sbf").get(FILTER));
  }

  /** A value is converted when read: a bad value of a parameter the run does not read is ignored. */
  @Test
  public void conversionHappensWhenRead() {
    ParamValues v = given("items", "x", "seed", "3");
    assertEquals(Long.valueOf(3), v.get(SEED));
    assertTrue(v.isSet(ITEMS));
  }

  @Test
  public void helpShowsTheDefaultOrWhatStandsForIt() {
    assertEquals("stored items (default 100)", ITEMS.help());
    assertEquals("Zipf exponent (default 1.0)", ALPHA.help());
    assertEquals("zipf or uniform (default zipf)", STREAM.help());
    assertEquals("slice counts (default 1,2,4)", SLICES.help());
    assertEquals("rates (default 0.02,0.5)", FPP.help());
    assertEquals("modes (default a,b)", MODES.help());
    assertEquals("bf or sbf (required)", FILTER.help());
    assertEquals("timers (default: sized for fpp)", TIMERS.help());
    assertEquals("stored items (default 100, the paper's)", ITEMS.defaultShownAs("100, the paper's").help());
    assertEquals("stored items", ITEMS.defaultShownAs(null).help());
    // the shown default changes the text only
    assertEquals(Integer.valueOf(100), ParamValues.defaults().get(ITEMS.defaultShownAs("all")));
  }

  @Test
  public void declarationsDescribeThemselves() {
    assertEquals("items", ITEMS.name());
    assertEquals("N", ITEMS.argName());
    assertEquals("--items", ITEMS.option());
    assertEquals(Integer.class, ITEMS.type());
    assertEquals(int[].class, SLICES.type());
    assertEquals(1, ITEMS.min());
    assertEquals(0, FAILED.min());
    assertTrue(FILTER.isRequired());
    assertFalse(ITEMS.isRequired());
    assertEquals(Map.of("items", "2").toString(), given("items", "2").toString());
  }
}
