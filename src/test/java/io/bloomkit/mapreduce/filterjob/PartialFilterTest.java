package io.bloomkit.mapreduce.filterjob;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.common.FilterSpec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Partials of disjoint key shares combine into exactly the filter of all keys, for every family. */
public class PartialFilterTest {
  @Test
  public void partialsOfDisjointSharesMergeIntoTheWholeFilter() {
    for (String type : new String[] {"bf", "sbbf", "cbf", "acbf", "acbf2", "exact"}) {
      FilterSpec spec = new FilterSpec(type, 3000, 0, 0.01, 16, 0);
      PartialFilter whole = PartialFilter.create(spec);
      List<PartialFilter> parts = new ArrayList<>();
      for (int p = 0; p < 3; p++) {
        parts.add(PartialFilter.create(spec));
      }
      for (int i = 0; i < 3000; i++) {
        byte[] k = ("key-" + i).getBytes(StandardCharsets.UTF_8);
        whole.add(k, 0, k.length);
        parts.get(Math.floorMod(i * 31, 3)).add(k, 0, k.length);
      }
      List<Filter> finished = new ArrayList<>();
      for (PartialFilter p : parts) {
        finished.add(p.finish());
      }
      Filter merged = PartialFilter.merge(finished);
      Filter expected = whole.finish();
      assertEquals(expected, merged, type);
      assertEquals(3000, merged.items(), type);
    }
  }

  @Test
  public void emptyFilterOfTheSpec() {
    Filter f = PartialFilter.empty(new FilterSpec("cbf", 10, 0, 0, 16, 0));
    assertEquals(0, f.items());
    assertEquals(160, f.memoryBits());
  }
}
