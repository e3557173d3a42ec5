package io.bloomkit.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tests' file system ({@link NioLocalFileSystem}, from src/test/resources/core-site.xml) sets
 * and reports the permissions, owners and groups Hadoop's own local file system reports through
 * its forked {@code ls -ld}, for files and directories it creates and lists.
 */
class NioLocalFileSystemTest {
  @TempDir java.nio.file.Path tmp;

  @Test
  void theTestsFileSchemeIsIt() throws Exception {
    assertTrue(FileSystem.getLocal(new Configuration()) instanceof NioLocalFileSystem);
  }

  @Test
  void permissionsOwnersAndGroupsAreHadoopsOwn() throws Exception {
    Configuration conf = new Configuration();
    NioLocalFileSystem nio = new NioLocalFileSystem();
    nio.initialize(java.net.URI.create("file:///"), conf);
    RawLocalFileSystem hadoop = new RawLocalFileSystem(); // forks ls -ld for each status
    hadoop.initialize(java.net.URI.create("file:///"), conf);
    Path dir = new Path(tmp.toUri().toString(), "d");
    short[] modes = {0750, 0700, 0755, 0777};
    assertTrue(nio.mkdirs(dir, new FsPermission(modes[0])));
    for (int i = 1; i < modes.length; i++) {
      Path f = new Path(dir, "f" + i);
      nio.create(f, new FsPermission(modes[i]), false, 4096, (short) 1, 1 << 20, null).close();
      nio.setPermission(f, new FsPermission((short) (modes[i] & 0640)));
    }
    Map<Path, FileStatus> listed = new HashMap<>();
    for (FileStatus st : nio.getRawFileSystem().listStatus(dir)) {
      listed.put(st.getPath(), st);
    }
    FileStatus[] all = hadoop.listStatus(dir);
    assertEquals(all.length, listed.size());
    assertEquals(2 * (modes.length - 1), all.length); // each file and its checksum file
    for (FileStatus want : all) {
      FileStatus got = listed.get(want.getPath());
      assertEquals(want.getPermission(), got.getPermission(), want.getPath().toString());
      assertEquals(want.getOwner(), got.getOwner());
      assertEquals(want.getGroup(), got.getGroup());
      assertEquals(want.getLen(), got.getLen());
    }
    FileStatus d = nio.getFileStatus(dir);
    assertEquals(hadoop.getFileStatus(dir).getPermission(), d.getPermission());
    assertEquals(Files.getOwner(tmp).getName(), d.getOwner());
    assertTrue(d.isDirectory());
  }
}
