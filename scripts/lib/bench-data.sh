# The join benchmarks' workloads, shared by scripts/bench-join.sh and scripts/bench-strategies.sh:
# source it after `cd "$repo"`.
#   bench_sizes QUICK   sets citations, keys, patents (patents data) and scale (TPC-H): the paper's
#                       size and SF 1, or a tenth of both with QUICK=1
#   bk TOOL ARGS...     a bloomkit tool in local mode with two map slots
#   gen DIR ARGS...     `bloomkit generate ARGS --out DIR`, once per size (DIR's name holds it)
#   gen_patents         generates the patents workload, sets patents_dir (keys, citations in it)
#   gen_tpch FRAC       generates TPC-H lineitem and FRAC% of orders, sets lineitem_dir, orders_dir
bench_data=target/bench-data

bench_sizes() {
  citations=16522438 keys=65771 patents=2900000 scale=1
  if [[ $1 == 1 ]]; then
    citations=1652244 keys=6577 patents=290000 scale=0.1
  fi
}

bk() { local tool=$1; shift; scripts/bloomkit "$tool" -D mapreduce.local.map.tasks.maximum=2 "$@"; }

gen() {
  local dir=$1; shift
  mkdir -p "$bench_data"
  if [[ ! -f "$dir/.done" ]]; then
    rm -rf "$dir"
    echo "bench: generate $* --out $dir" >&2
    bk generate "$@" --out "$dir" >&2
    touch "$dir/.done"
  fi
}

gen_patents() {
  patents_dir="$bench_data/patents-$patents-$citations-$keys"
  gen "$patents_dir" patents --patents "$patents" --citations "$citations" --keys "$keys" \
    --datasets citations,keys --parts 4
}

gen_tpch() {
  local frac=$1 f
  f=$(awk "BEGIN{print $frac/100}")
  lineitem_dir="$bench_data/tpch-$scale/lineitem"
  orders_dir="$bench_data/tpch-$scale/orders-$frac"
  gen "$lineitem_dir" tpch --scale "$scale" --table lineitem --parts 4
  gen "$orders_dir" tpch --scale "$scale" --table orders --orders-fraction "$f" --parts 1
}
