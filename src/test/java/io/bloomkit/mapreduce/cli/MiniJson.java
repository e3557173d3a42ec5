package io.bloomkit.mapreduce.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tests' JSON reader (Jackson): one JSON object to an ordered map, integers as {@link Long},
 * other numbers as {@link Double}, arrays as lists; text after the object is an error.
 */
public final class MiniJson {
  private static final ObjectReader READER =
      JsonMapper.builder()
          .enable(DeserializationFeature.USE_LONG_FOR_INTS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build()
          .readerFor(new TypeReference<LinkedHashMap<String, Object>>() {});

  private MiniJson() {}

  public static Map<String, Object> parseObject(String s) {
    try {
      return READER.readValue(s);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("bad JSON: " + e.getOriginalMessage() + ": " + s, e);
    }
  }
}
