package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import org.junit.jupiter.api.Test;

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

  @Test
  public void anInputOfSeveralIsNamed() {
    RecordBalance b = RecordBalance.of(10, "right input").plus(6, "passed")
        .plus(2, "dropped by the filter").plus(0, "malformed").plus(1, "null keys");
    try {
      b.check();
      fail();
    } catch (IOException e) {
      assertEquals("records of the right input unaccounted for: 10 read but 6 passed + 2 dropped"
          + " by the filter + 0 malformed + 1 null keys", e.getMessage());
    }
  }
}
