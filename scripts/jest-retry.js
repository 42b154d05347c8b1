// Which test files Jest lost to a killed worker, and the report once they have been run again.

const KILLED_WORKER =
  /A jest worker process \(pid=\d+\) was terminated by another process: signal=SIG[A-Z]+|Call retries were exceeded/;

/** A file that never ran to its end because its worker process was killed by a signal. */
function killedBySignal(file) {
  return (
    file.status === 'failed' &&
    file.assertionResults.every((test) => test.status !== 'failed') &&
    KILLED_WORKER.test(file.message ?? '')
  );
}

/**
 * The first run's report with each re-run file's result in place of its lost one, and every total
 * counted again from the files' results.
 */
function mergeRetried(first, retried) {
  const again = new Map(retried.testResults.map((file) => [file.name, file]));
  const testResults = first.testResults.map((file) => again.get(file.name) ?? file);
  const tests = testResults.flatMap((file) => file.assertionResults);
  const count = (status) => tests.filter((test) => test.status === status).length;
  const failedFiles = testResults.filter((file) => file.status === 'failed');
  return {
    ...first,
    testResults,
    numTotalTestSuites: testResults.length,
    numPassedTestSuites: testResults.filter((file) => file.status === 'passed').length,
    numFailedTestSuites: failedFiles.length,
    numPendingTestSuites: testResults.filter((file) => file.status === 'pending').length,
    numRuntimeErrorTestSuites: failedFiles.filter((file) => file.assertionResults.length === 0).length,
    numTotalTests: tests.length,
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('pending'),
    numTodoTests: count('todo'),
    success: failedFiles.length === 0 && retried.success,
  };
}

module.exports = { killedBySignal, mergeRetried };
