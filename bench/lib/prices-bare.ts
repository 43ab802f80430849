/**
 * The references for the price list bench, in a Node process of their own like the portal:
 * exceljs's streaming reader and writer on the same sheet with no validation and no database.
 * Started as `prices-bare.ts <read|write> <warm file> <rows>`; warms up on the small file, sends
 * `{ ready: true }`, then on `{ run: file }` reads (or writes) that file and answers
 * `{ done: { rows, seconds } }`; exits on `'stop'` or when the bench goes away.
 */
import { type TSheetRow, readSheet, sheetRows, writeSheet } from './prices-sheet.ts';

type TMessage = 'stop' | { run: string };

const [mode, warmFile, rowsArgument] = process.argv.slice(2);
if (mode !== 'read' && mode !== 'write') throw new Error(`mode must be read or write, got ${mode}`);
const ROWS = Number(rowsArgument);
// Built before any timing: the writer's reference is the write alone, as the portal has its items
// in memory before it writes.
const rows: TSheetRow[] = mode === 'write' ? [...sheetRows(ROWS)] : [];

async function run(file: string): Promise<{ rows: number; seconds: number }> {
  if (mode === 'read') {
    const read = await readSheet(file);
    return { rows: read.rows, seconds: read.seconds };
  }
  return { rows: rows.length, seconds: await writeSheet(file, rows) };
}

if (mode === 'read') await readSheet(warmFile!);
else await writeSheet(warmFile!, rows.slice(0, 1000));

process.on('message', (message: TMessage) => {
  if (message === 'stop') process.exit(0);
  void run(message.run).then(
    (done) => process.send?.({ done }),
    (error: unknown) => process.send?.({ failed: String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
