package io.bloomkit.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.StreamFilter;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** {@link Filters#read} reads every stream family's golden file as a stream filter, and refuses the others. */
public class StreamFiltersReadTest {
  private static InputStream golden(String name) {
    InputStream in = StreamFiltersReadTest.class.getResourceAsStream("/golden/" + name + ".bkf");
    assertNotNull(in, name);
    return in;
  }

  @Test
  public void readsEveryStreamFamily() throws IOException {
    String[][] files = {
      {"sbf", "sbf"}, {"rsbf", "rsbf"}, {"ibf-2c", "ibf"}, {"ibf-mc", "ibf"}, {"ibf-h", "ibf"}, {"ibf-2c-alg1", "ibf"},
      {"stream-bf", "stream-bf"}, {"timer", "timer"}, {"timer-dynamic", "timer"}
    };
    for (String[] f : files) {
      try (InputStream in = golden(f[0])) {
        StreamFilter s = Filters.read(in, StreamFilter.class);
        assertEquals(f[1], s.family().shortName(), f[0]);
        assertTrue(s.memoryBits() > 0, f[0]);
      }
    }
  }

  @Test
  public void refusesMembershipFamilies() throws IOException {
    for (String name : new String[] {"bf", "acbf"}) {
      try (InputStream in = golden(name)) {
        Filters.read(in, StreamFilter.class);
        fail(name);
      } catch (io.bloomkit.core.UnsupportedFamilyException e) {
        // a well-formed file of another family: unsupported, not corrupt
        assertEquals(
            "unsupported family " + name + " for Filters.read (Filters.read needs"
                + " sbf, rsbf, ibf, timer, stream-bf)",
            e.getMessage());
      }
    }
  }
}
