package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.BloomkitConfig;
import java.io.IOException;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;

/**
 * Icebergs {@code --verify} / {@code --evaluate} job, map side: re-reads the input with the
 * candidate keys shipped through the DistributedCache (see {@link CandidateKeys}) and sums the
 * weights of the candidates' records per key in a bounded table (in-mapper combining). Records of
 * other keys are dropped ({@code FILTERED_RECORDS}), unless evaluating ({@link
 * BloomkitConfig#ICEBERG_EVALUATE}): then every key's total goes on, so the reducers know the
 * exact answer too.
 */
public class CandidateTotalsMapper extends IcebergMapper {
  @Override
  protected Candidates candidates(Context context) throws IOException {
    Set<Text> keys = CandidateKeys.load(context);
    Text probe = new Text();
    return (key, length) -> {
      probe.set(key, 0, length);
      return keys.contains(probe);
    };
  }

  @Override
  protected boolean keepFiltered(Configuration conf) {
    return BloomkitConfig.ICEBERG_EVALUATE.getBoolean(conf);
  }
}
