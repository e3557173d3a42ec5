package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.config.UsageException;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Options;
import org.junit.jupiter.api.Test;

/** Field numbers past {@link InputOptions#MAX_FIELD} are usage errors, not a task's OOM. */
class InputOptionsFieldsTest {
  private static List<String> fields(String v) throws Exception {
    Options o = new Options();
    o.addOption(null, "key-field", true, "");
    CommandLine cl = new DefaultParser().parse(o, new String[] {"--key-field", v});
    return InputOptions.fields(cl, "key-field", null);
  }

  @Test
  void fieldNumbersAreBounded() throws Exception {
    assertEquals(List.of("0", "65535", "name"), fields("0,65535,name"));
    for (String big : new String[] {"65536", "2147483647", "99999999999999999999"}) {
      UsageException e = assertThrows(UsageException.class, () -> fields("0," + big));
      assertTrue(e.getMessage().contains("--key-field") && e.getMessage().contains(big),
          e.getMessage());
    }
  }
}
