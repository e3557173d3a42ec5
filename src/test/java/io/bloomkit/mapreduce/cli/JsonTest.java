package io.bloomkit.mapreduce.cli;

import static org.junit.Assert.assertEquals;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.Test;

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
}
