package io.bloomkit.mapreduce.common;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import org.junit.Test;

public class RecordBalanceTest {
  @Test
  public void outcomesThatAddUpPass() throws IOException {
    RecordBalance b = RecordBalance.of(10).plus(6, "kept").plus(3, "duplicates").plus(1, "malformed");
    assertTrue(b.balanced());
    b.check();
    assertTrue(RecordBalance.of(0).balanced());
  }

  @Test
  public void aLostOrDoubledRecordFailsNamingEveryOutcome() {
    for (long kept : new long[] {5, 7}) {
      RecordBalance b =
          RecordBalance.of(10).plus(kept, "kept").plus(3, "duplicates").plus(1, "malformed");
      assertFalse(b.balanced());
      try {
        b.check();
        fail();
      } catch (IOException e) {
        assertEquals("records unaccounted for: 10 read but " + kept
            + " kept + 3 duplicates + 1 malformed", e.getMessage());
      }
    }
  }
}
