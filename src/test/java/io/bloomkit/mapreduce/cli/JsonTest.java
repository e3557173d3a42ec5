package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Paths;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class JsonTest {
  @Test
  public void writesOrderedOneLineObjectWithEscapes() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("s", "a\"b\\c\nd\te\u0001");
    m.put("n", 42L);
    m.put("d", 0.25);
    m.put("nan", Double.NaN);
    m.put("b", true);
    m.put("z", null);
    Map<String, Object> inner = new LinkedHashMap<>();
    inner.put("x", 1);
    m.put("o", inner);
    m.put("l", Arrays.asList(1, "two"));
    String json = Json.write(m);
    assertEquals(
        "{\"s\":\"a\\\"b\\\\c\\nd\\te\\u0001\",\"n\":42,\"d\":0.25,\"nan\":null,\"b\":true,"
            + "\"z\":null,\"o\":{\"x\":1},\"l\":[1,\"two\"]}",
        json);
    Map<String, Object> back = MiniJson.parseObject(json);
    assertEquals("a\"b\\c\nd\te\u0001", back.get("s"));
    assertEquals(42L, back.get("n"));
  }

  /** The renderings the hand-written writer had, kept on Jackson (see {@link Json}). */
  @Test
  public void keepsTheToolsNumberStringAndValueRenderings() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("small", 1.0E-5);
    m.put("large", 1.5E10);
    m.put("whole", 3.0);
    m.put("inf", Double.NEGATIVE_INFINITY);
    m.put("float", 0.1f);
    m.put("floatNaN", Float.NaN);
    m.put("doubles", new double[] {0.5, Double.NaN, Double.POSITIVE_INFINITY});
    m.put("longs", new long[] {1, -2});
    m.put("ints", new int[] {3});
    m.put("ctl", "\u001f\u000b\u2028\u2029\u007f");
    m.put("path", Paths.get("/tmp/x"));
    m.put("enum", Thread.State.NEW);
    Map<Object, Object> keys = new LinkedHashMap<>();
    keys.put(7, "seven");
    keys.put(null, "none");
    m.put("keys", keys);
    assertEquals(
        "{\"small\":" + Double.toString(1.0E-5) + ",\"large\":" + Double.toString(1.5E10)
            + ",\"whole\":3.0,\"inf\":null,\"float\":" + Double.toString((double) 0.1f)
            + ",\"floatNaN\":null,\"doubles\":[0.5,null,null],\"longs\":[1,-2],\"ints\":[3],"
            + "\"ctl\":\"\\u001f\\u000b\\u2028\\u2029\u007f\",\"path\":\"/tmp/x\","
            + "\"enum\":\"NEW\",\"keys\":{\"7\":\"seven\",\"null\":\"none\"}}",
        Json.write(m));
  }
}
