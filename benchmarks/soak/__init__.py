"""The parts of the soak benchmark (``benchmarks/bench_soak.py``): a real server, players and hostile clients."""
