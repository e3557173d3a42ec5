package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.IcebergCounters;
import java.io.IOException;
import java.util.Set;
import org.apache.hadoop.io.Text;

/**
 * Icebergs {@code --verify} / {@code --evaluate} job, map side: re-reads the input with the
 * candidate keys shipped through the DistributedCache (see {@link CandidateKeys}; a record's key
 * is compared by its text, {@link KeyText}, as the candidate files hold output lines) and sums the
 * weights of the candidates' records per key in a bounded table (in-mapper combining). Records of
 * other keys are dropped ({@code FILTERED_RECORDS}), unless evaluating ({@link
 * BloomkitConfig#ICEBERG_EVALUATE}): then every key's total goes on (counted as filtered all the
 * same), so the reducers know the exact answer too.
 */
public class CandidateTotalsMapper extends IcebergMapper {
  @Override
  protected Candidates candidates(Context context) throws IOException {
    Set<Text> keys = CandidateKeys.load(context);
    boolean evaluate = BloomkitConfig.ICEBERG_EVALUATE.getBoolean(context.getConfiguration());
    return (key, length) -> {
      if (keys.contains(keyText.of(key, length))) {
        context.getCounter(IcebergCounters.CANDIDATE_RECORDS).increment(1);
        return true;
      }
      context.getCounter(IcebergCounters.FILTERED_RECORDS).increment(1);
      return evaluate;
    };
  }
}
