package io.bloomkit.core.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

public class KeySignatureTest {
  @Test
  public void parseReadsWhatFormatWritesForEveryType() {
    for (KeyType a : KeyType.values()) {
      for (KeyType b : KeyType.values()) {
        KeySignature s = KeySignature.of(a, b);
        assertEquals(a.cliName() + "," + b.cliName(), s.format());
        assertEquals(s, KeySignature.parse(s.format()));
        assertEquals(List.of(a, b), s.types());
        assertEquals(2, s.arity());
        assertTrue(s.recorded());
      }
    }
    assertEquals(KeySignature.of(KeyType.LONG, KeyType.STRING), KeySignature.parse(" LONG , string"));
  }

  @Test
  public void describeListsTheTypesInParentheses() {
    assertEquals("(long)", KeySignature.of(KeyType.LONG).describe());
    assertEquals("(long, string)", KeySignature.parse("long,string").describe());
    assertEquals("(string, not recorded: format version 1)", KeySignature.LEGACY.describe());
  }

  @Test
  public void badListsAreRefusedNamingTheProblem() {
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> KeySignature.parse("long,int"))
            .getMessage().contains("unknown key type \"int\""));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> KeySignature.parse("long,"))
            .getMessage().contains("empty key type"));
    assertThrows(IllegalArgumentException.class, () -> KeySignature.of(new KeyType[0]));
    List<KeyType> many = new ArrayList<>(Collections.nCopies(KeySignature.MAX_ARITY, KeyType.LONG));
    assertEquals(KeySignature.MAX_ARITY, KeySignature.of(many).arity());
    many.add(KeyType.LONG);
    assertThrows(IllegalArgumentException.class, () -> KeySignature.of(many));
  }

  @Test
  public void forFieldsDefaultsToStringsAndChecksTheCount() {
    assertEquals(KeySignature.of(KeyType.STRING), KeySignature.forFields("", 1));
    assertEquals(
        KeySignature.of(KeyType.STRING, KeyType.STRING, KeyType.STRING),
        KeySignature.forFields(null, 3));
    assertEquals(KeySignature.of(KeyType.DATE, KeyType.LONG), KeySignature.forFields("date,long", 2));
    String m =
        assertThrows(IllegalArgumentException.class, () -> KeySignature.forFields("long", 2))
            .getMessage();
    assertTrue(m.contains("1 key types \"long\" for 2 key fields"), m);
  }

  @Test
  public void acceptsTheSameTypesInTheSameOrder() {
    KeySignature ls = KeySignature.of(KeyType.LONG, KeyType.STRING);
    assertTrue(ls.accepts(KeySignature.parse("long,string")));
    assertFalse(ls.accepts(KeySignature.parse("string,long")));
    assertFalse(ls.accepts(KeySignature.parse("long")));
    assertFalse(KeySignature.of(KeyType.LONG).accepts(KeySignature.strings(1)));
    assertFalse(KeySignature.of(KeyType.LONG).accepts(KeySignature.of(KeyType.DECIMAL)));
  }

  @Test
  public void aLegacyFilterTakesOnlyASingleStringKey() {
    assertTrue(KeySignature.LEGACY.accepts(KeySignature.strings(1)));
    assertFalse(KeySignature.LEGACY.accepts(KeySignature.strings(2)));
    assertFalse(KeySignature.LEGACY.accepts(KeySignature.of(KeyType.LONG)));
    assertFalse(KeySignature.LEGACY.recorded());
    // a recorded (string) is not the legacy signature, though it takes the same keys
    assertNotEquals(KeySignature.LEGACY, KeySignature.strings(1));
    assertTrue(KeySignature.strings(1).accepts(KeySignature.LEGACY));
  }

  @Test
  public void typeIdsAreTheFormatsAndRoundTrip() {
    int[] ids = {1, 2, 3, 4, 5, 6, 7};
    KeyType[] types = {
      KeyType.STRING, KeyType.LONG, KeyType.DECIMAL, KeyType.DATE, KeyType.TIMESTAMP,
      KeyType.BOOLEAN, KeyType.BINARY
    };
    for (int i = 0; i < ids.length; i++) {
      assertEquals(ids[i], types[i].id());
      assertEquals(types[i], KeyType.fromId(ids[i]));
    }
    assertEquals(null, KeyType.fromId(0));
    assertEquals(null, KeyType.fromId(8));
  }
}
