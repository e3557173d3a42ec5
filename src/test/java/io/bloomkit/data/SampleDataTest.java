package io.bloomkit.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The committed sample-data is what the command in sample-data/README.md generates. */
public class SampleDataTest {
  static final File SAMPLE_DATA = RepoFiles.file("sample-data");

  @Test
  public void committedSampleDataIsReproducibleFromTheDocumentedCommand() throws IOException {
    PatentDataGenerator g = new PatentDataGenerator(13_000, 18_000, 300, 2013);
    MemorySink sink = new MemorySink();
    g.writeKeys(sink, 2);
    g.writeCitations(sink, 2);
    for (String d : new String[] {"keys", "citations"}) {
      for (int p = 0; p < 2; p++) {
        File f = new File(new File(SAMPLE_DATA, d), PartSink.partFileName(p));
        assertArrayEquals(sink.part(d, p), Files.readAllBytes(f.toPath()), f.getPath());
      }
      assertEquals(2, new File(SAMPLE_DATA, d).list().length);
    }
  }
}
