// Reads the JSON reports vitest wrote for each suite; fails when a suite is missing, ran no test,
// had failures, or had a test file that failed outside its tests (an import or a hook that threw:
// vitest counts no failed test then). Ends with the plain "N passed, N failed" line.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results';
const required = ['unit', 'server-pglite', 'server-postgres', 'e2e', 'faults'];
let passed = 0;
let failed = 0;
let problems = 0;
for (const suite of required) {
  const file = path.join(dir, `${suite}.json`);
  if (!fs.existsSync(file)) {
    console.error(`suite ${suite}: no report at ${file}; it did not run`);
    problems++;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  console.log(
    `suite ${suite}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped` +
      ` in ${report.numTotalTestSuites} files`,
  );
  const brokenFiles = report.testResults.filter(
    (result) => result.status === 'failed' && !result.assertionResults.some((a) => a.status === 'failed'),
  );
  for (const result of brokenFiles) {
    const firstLine = (result.message ?? '').split('\n')[0];
    console.error(
      `suite ${suite}: ${path.relative(process.cwd(), result.name)} failed outside its tests: ${firstLine}`,
    );
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenFiles.length;
  if (report.numPassedTests === 0 || report.numFailedTests > 0 || brokenFiles.length > 0 || !report.success) {
    problems++;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems ? 1 : 0);
