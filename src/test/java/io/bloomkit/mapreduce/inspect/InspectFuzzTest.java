package io.bloomkit.mapreduce.inspect;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.bloomkit.core.Filter;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.cli.Json;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.registry.Filters;
import io.bloomkit.registry.FuzzOutcomes;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzz test of what {@code inspect FILE} runs on a file's bytes: the length-checked read through
 * {@link FilterFiles} (local file system), {@link InspectTool#describe} and the JSON it prints.
 * See {@code FilterReadersFuzzTest}.
 */
class InspectFuzzTest {
  private static final Configuration CONF = ToolRun.localConf();
  private static java.nio.file.Path dir;

  private static synchronized java.nio.file.Path file() throws Exception {
    if (dir == null) {
      dir = Files.createTempDirectory("inspect-fuzz");
    }
    return dir.resolve("f.bkf");
  }

  @AfterAll
  static void clean() throws Exception {
    if (dir != null) {
      Files.deleteIfExists(dir.resolve("f.bkf"));
      Files.deleteIfExists(dir);
    }
  }

  @FuzzTest(maxDuration = "60s")
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void inspect(byte[] input) throws Exception {
    for (byte[] b : new byte[][] {input, FuzzOutcomes.withValidChecksum(input)}) {
      inspectOnce(b);
    }
  }

  private void inspectOnce(byte[] b) throws Exception {
    java.nio.file.Path f = file();
    Files.write(f, b);
    Filter filter =
        FuzzOutcomes.allowed(
            () -> FilterFiles.read(CONF, new Path(f.toUri()), "inspect", Filters.FAMILIES));
    if (filter != null) {
      Map<String, Object> r = new LinkedHashMap<>();
      KeySignature keys = FilterFiles.readKeys(CONF, new Path(f.toUri()), "inspect", Filters.FAMILIES);
      InspectTool.describe(filter, keys, r);
      InspectTool.describe(
          FilterFiles.readProvenance(CONF, new Path(f.toUri()), "inspect", Filters.FAMILIES), r);
      Json.write(r);
    }
  }
}
