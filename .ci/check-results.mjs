// Reads the JSON reports vitest wrote for each suite; fails when a suite is missing, ran no test,
// or had failures. Ends with the plain "N passed, N failed" line.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results';
const required = ['unit', 'server-pglite', 'server-postgres', 'e2e'];
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
    `suite ${suite}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
  );
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (report.numPassedTests === 0 || report.numFailedTests > 0) problems++;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems ? 1 : 0);
