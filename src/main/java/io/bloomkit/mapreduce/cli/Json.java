package io.bloomkit.mapreduce.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.module.SimpleSerializers;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;

/**
 * The one JSON writer of the tools: an ordered map (nested maps, collections, arrays, strings,
 * numbers, booleans, null) to a one-line JSON object, written by Jackson. Three rules Jackson does
 * not follow by itself keep the output the tools have always printed:
 *
 * <ul>
 *   <li>a non-finite double or float (NaN, infinities) is {@code null}, also inside a {@code
 *       double[]} (Jackson would write the string {@code "NaN"}); a float is written as the double
 *       it widens to;
 *   <li>any other value than a map, collection, array, number, boolean or string is written as the
 *       string of its {@code toString()} (Jackson would write a bean's properties, a {@code
 *       java.nio.file.Path} as a URI);
 *   <li>control characters without a short escape are written {@code \}{@code u00xx} in lower case,
 *       and U+2028 and U+2029 (line breaks to JavaScript) are escaped too.
 * </ul>
 */
public final class Json {
  private static final ObjectWriter WRITER = writer();

  private Json() {}

  /** One line of JSON, keys in the map's iteration order. */
  public static String write(Map<String, ?> object) {
    try {
      return WRITER.writeValueAsString(object);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ObjectWriter writer() {
    ToStringOtherwise s = new ToStringOtherwise();
    s.addSerializer(Double.class, new FiniteOrNull<>(Double.class));
    s.addSerializer(Float.class, new FiniteOrNull<>(Float.class));
    s.addSerializer(double[].class, new FiniteArray());
    SimpleModule m = new SimpleModule("bloomkit-json");
    m.setSerializers(s);
    ObjectMapper mapper = new ObjectMapper().registerModule(m);
    mapper.getSerializerProvider().setNullKeySerializer(new NullKey());
    return mapper.writer().with(new Escapes());
  }

  private static void number(JsonGenerator g, double d) throws IOException {
    if (Double.isFinite(d)) {
      g.writeNumber(d);
    } else {
      g.writeNull();
    }
  }

  /** A double or float: its double value, or null when not finite. */
  private static final class FiniteOrNull<T extends Number> extends StdSerializer<T> {
    private static final long serialVersionUID = 1L;

    FiniteOrNull(Class<T> type) {
      super(type);
    }

    @Override
    public void serialize(T value, JsonGenerator g, SerializerProvider p) throws IOException {
      number(g, value.doubleValue());
    }
  }

  /** A double[]: an array of its finite values, null for the others. */
  private static final class FiniteArray extends StdSerializer<double[]> {
    private static final long serialVersionUID = 1L;

    FiniteArray() {
      super(double[].class);
    }

    @Override
    public void serialize(double[] value, JsonGenerator g, SerializerProvider p)
        throws IOException {
      g.writeStartArray();
      for (double d : value) {
        number(g, d);
      }
      g.writeEndArray();
    }
  }

  /**
   * The serializers added, else strings, numbers and booleans as Jackson writes them and any other
   * single value as a string.
   */
  private static final class ToStringOtherwise extends SimpleSerializers {
    private static final long serialVersionUID = 1L;

    @Override
    public JsonSerializer<?> findSerializer(
        SerializationConfig config, JavaType type, BeanDescription beanDesc) {
      JsonSerializer<?> added = super.findSerializer(config, type, beanDesc);
      if (added != null || type.isContainerType()) { // maps, collections and arrays ask too
        return added;
      }
      Class<?> c = type.getRawClass();
      boolean plain = c == String.class || Number.class.isAssignableFrom(c) || c == Boolean.class
          || c.isPrimitive();
      return plain ? null : ToStringSerializer.instance;
    }
  }

  /** A null map key, as the string "null". */
  private static final class NullKey extends StdSerializer<Object> {
    private static final long serialVersionUID = 1L;

    NullKey() {
      super(Object.class);
    }

    @Override
    public void serialize(Object value, JsonGenerator g, SerializerProvider p) throws IOException {
      g.writeFieldName("null");
    }
  }

  /**
   * JSON's standard escapes (short ones for quote, backslash, \b \t \n \f \r), every other control
   * character and U+2028/U+2029 as a lower-case {@code \}{@code u} escape.
   */
  private static final class Escapes extends CharacterEscapes {
    private static final long serialVersionUID = 1L;
    private final int[] ascii = standardAsciiEscapesForJSON();

    Escapes() {
      for (int c = 0; c < 0x20; c++) {
        if (ascii[c] == ESCAPE_STANDARD) { // no short escape: Jackson would write upper-case hex
          ascii[c] = ESCAPE_CUSTOM;
        }
      }
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return ascii;
    }

    @Override
    public SerializableString getEscapeSequence(int c) {
      return c < 0x20 || c == 0x2028 || c == 0x2029
          ? new SerializedString(String.format(Locale.ROOT, "\\u%04x", c))
          : null;
    }
  }
}
