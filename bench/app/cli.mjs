// What the app benchmarks that take only `--smoke` share: reading that option, and failing
// a run with a line that names the benchmark.

// Whether `--smoke` was given; any other option ends the process with a usage line.
export function smokeOption(bench) {
  for (const a of process.argv.slice(2)) {
    if (a !== '--smoke') {
      console.error(`${bench}: unknown option ${a} (use --smoke)`);
      process.exit(2);
    }
  }
  return process.argv.includes('--smoke');
}

// A function that reports `message` as the benchmark's failure, sets the exit code and
// throws, so that the run stops where it failed.
export function failure(bench) {
  return (message) => {
    console.error(`${bench}: FAIL: ${message}`);
    process.exitCode = 1;
    throw new Error(message);
  };
}
