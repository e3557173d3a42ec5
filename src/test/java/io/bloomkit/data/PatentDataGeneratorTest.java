package io.bloomkit.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

public class PatentDataGeneratorTest {
  private static final int PATENTS = 20_000;
  private static final long CITATIONS = 114_000; // the real files' 5.7 citations per patent
  private static final int KEYS = 454; // the real files' 2.27% of patents

  private static MemorySink generate(PatentDataGenerator g, int parts) throws IOException {
    MemorySink sink = new MemorySink();
    assertEquals(g.patents(), g.writePatents(sink, parts));
    assertEquals(g.citations(), g.writeCitations(sink, parts));
    assertEquals(g.keys(), g.writeKeys(sink, parts));
    return sink;
  }

  @Test
  public void sameSeedGivesSameBytesAndPartsConcatenateToTheWhole() throws IOException {
    MemorySink a = generate(new PatentDataGenerator(PATENTS, CITATIONS, KEYS, 7), 1);
    MemorySink b = generate(new PatentDataGenerator(PATENTS, CITATIONS, KEYS, 7), 1);
    MemorySink split = generate(new PatentDataGenerator(PATENTS, CITATIONS, KEYS, 7), 3);
    for (String d :
        List.of(
            PatentDataGenerator.PATENTS,
            PatentDataGenerator.CITATIONS,
            PatentDataGenerator.KEYS)) {
      assertArrayEquals(a.bytes(d), b.bytes(d), d);
      assertArrayEquals(a.bytes(d), split.bytes(d), d);
      assertEquals(3, split.partCount(d));
      assertTrue(split.part(d, 1).length > 0, d + " part 1 not empty");
    }
  }

  @Test
  public void otherSeedGivesOtherData() throws IOException {
    MemorySink a = generate(new PatentDataGenerator(2_000, 10_000, 50, 7), 1);
    MemorySink b = generate(new PatentDataGenerator(2_000, 10_000, 50, 8), 1);
    assertFalse(Arrays.equals(a.bytes("citations"), b.bytes("citations")));
    assertFalse(Arrays.equals(a.bytes("keys"), b.bytes("keys")));
    assertFalse(Arrays.equals(a.bytes("patents"), b.bytes("patents")));
  }

  @Test
  public void patentsHaveConsecutiveIdsAndPlausibleFields() throws IOException {
    PatentDataGenerator g = new PatentDataGenerator(PATENTS, 0, 0, 1);
    MemorySink sink = generate(g, 2);
    List<String> lines = sink.lines("patents");
    assertEquals(PATENTS, lines.size());
    int previousYear = 0;
    for (int i = 0; i < lines.size(); i++) {
      String[] f = lines.get(i).split(",", -1);
      assertEquals(8, f.length, lines.get(i));
      assertEquals(3_070_801L + i, Long.parseLong(f[0]));
      int year = Integer.parseInt(f[1]);
      assertTrue(year >= 1963 && year <= 1999);
      assertTrue(year >= previousYear, "years grow with ids");
      previousYear = year;
      assertTrue(Integer.parseInt(f[3]) < year); // applied before granted
      assertTrue(f[4].matches("[A-Z]{2}"));
      assertEquals(g.patentLine(i), lines.get(i));
    }
    assertTrue(lines.get(0).startsWith("3070801,1963,1096,"));
    assertTrue(lines.get(PATENTS - 1).startsWith((3_070_800 + PATENTS) + ",1999,"));
  }

  @Test
  public void citationsCiteEarlierPatentsSortedByCitingWithoutRepeats() throws IOException {
    MemorySink sink = generate(new PatentDataGenerator(PATENTS, CITATIONS, 0, 3), 4);
    List<String> lines = sink.lines("citations");
    assertEquals(CITATIONS, lines.size());
    long previousCiting = 0;
    Set<String> seen = new HashSet<>();
    for (String line : lines) {
      String[] f = line.split(",", -1);
      assertEquals(2, f.length, line);
      long citing = Long.parseLong(f[0]);
      long cited = Long.parseLong(f[1]);
      assertTrue(cited >= 3_070_801L && cited < citing, line);
      assertTrue(citing < 3_070_801L + PATENTS, line);
      assertTrue(citing >= previousCiting, "sorted by citing");
      previousCiting = citing;
      assertTrue(seen.add(line), "repeated " + line);
    }
  }

  @Test
  public void inDegreeOfCitedIsHeavyTailed() throws IOException {
    MemorySink sink = generate(new PatentDataGenerator(PATENTS, CITATIONS, 0, 11), 1);
    Map<Long, Integer> inDegree = new HashMap<>();
    for (String line : sink.lines("citations")) {
      inDegree.merge(Long.parseLong(line.substring(line.indexOf(',') + 1)), 1, Integer::sum);
    }
    int[] degrees = new int[PATENTS];
    int i = 0;
    for (int d : inDegree.values()) {
      degrees[i++] = d;
    }
    Arrays.sort(degrees);
    long top = 0;
    for (int j = PATENTS - PATENTS / 100; j < PATENTS; j++) {
      top += degrees[j];
    }
    double topShare = (double) top / CITATIONS;
    double mean = (double) CITATIONS / PATENTS;
    // A uniform choice (Poisson in-degrees, mean 5.7) gives the top 1% about 2.5% of citations
    // and a maximum near 16; a power-law tail gives much more to both.
    assertTrue(topShare > 0.08, "top 1% share " + topShare);
    assertTrue(degrees[PATENTS - 1] > 20 * mean, "max in-degree " + degrees[PATENTS - 1]);
    // and most patents are cited less than the mean
    int belowMean = 0;
    for (int d : degrees) {
      if (d < mean) {
        belowMean++;
      }
    }
    assertTrue(belowMean > PATENTS / 2, "below mean " + belowMean);
  }

  @Test
  public void keysAreDistinctPatentLinesAndMatchAboutTheirShareOfCitations() throws IOException {
    PatentDataGenerator g = new PatentDataGenerator(PATENTS, CITATIONS, KEYS * 4, 5);
    MemorySink sink = generate(g, 3);
    Set<String> patentLines = new HashSet<>(sink.lines("patents"));
    List<String> keys = sink.lines("keys");
    assertEquals(KEYS * 4, keys.size());
    Set<String> keyIds = new HashSet<>();
    long previous = 0;
    for (String k : keys) {
      assertTrue(patentLines.contains(k), k);
      long id = Long.parseLong(k.substring(0, k.indexOf(',')));
      assertTrue(id > previous, "sorted and distinct");
      previous = id;
      keyIds.add(Long.toString(id));
    }
    long matching = 0;
    for (String c : sink.lines("citations")) {
      if (keyIds.contains(c.substring(c.indexOf(',') + 1))) {
        matching++;
      }
    }
    double share = (double) matching / CITATIONS;
    double expected = (double) keys.size() / PATENTS; // 9.1%
    assertTrue(share > expected / 2 && share < expected * 2, "matching share " + share);
  }

  @Test
  public void keysCanBeAllPatentsOrNone() throws IOException {
    MemorySink all = generate(new PatentDataGenerator(500, 100, 500, 1), 2);
    assertEquals(all.lines("patents"), all.lines("keys"));
    MemorySink none = generate(new PatentDataGenerator(500, 100, 0, 1), 2);
    assertEquals(List.of(), none.lines("keys"));
  }

  @Test
  public void theFirstPatentsNeverRepeatAPairThoughTheyHaveFewEarlierPatents() throws IOException {
    for (long seed = 1; seed <= 200; seed++) {
      // 3 citations over 4 patents: often two land on the second patent, which can cite only one
      List<String> lines =
          generate(new PatentDataGenerator(4, 3, 1, seed), 2).lines("citations");
      assertEquals(3, lines.size());
      assertEquals(3, new HashSet<>(lines).size(), "seed " + seed + ": " + lines);
    }
  }

  @Test
  public void pairsRepeatOnlyWhenThereAreNoneLeft() throws IOException {
    MemorySink more = generate(new PatentDataGenerator(2, 5, 1, 1), 3);
    assertEquals(List.of("3070802,3070801", "3070802,3070801", "3070802,3070801",
        "3070802,3070801", "3070802,3070801"), more.lines("citations"));
    assertEquals(2, more.lines("patents").size());
  }

  @Test
  public void rejectsImpossibleSizes() {
    assertThrows(() -> new PatentDataGenerator(0, 0, 0, 1));
    assertThrows(() -> new PatentDataGenerator(1, 1, 0, 1));
    assertThrows(() -> new PatentDataGenerator(10, -1, 0, 1));
    assertThrows(() -> new PatentDataGenerator(10, 10, 11, 1));
    assertThrows(() -> new PatentDataGenerator(10, 10, 1, 1).writeKeys(new MemorySink(), 0));
  }

  private interface Action {
    void run() throws Exception;
  }

  private static void assertThrows(Action a) {
    try {
      a.run();
      fail("expected IllegalArgumentException");
    } catch (IllegalArgumentException expected) {
      // ok
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
