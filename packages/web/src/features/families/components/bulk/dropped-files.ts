/** Files a drop or a pick may bring at most: a library larger than this is sent in several drops. */
export const MAX_DROPPED_FILES = 20_000;

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

function entriesOf(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function isFile(entry: FileSystemEntry): entry is FileSystemFileEntry {
  return entry.isFile;
}

function isDirectory(entry: FileSystemEntry): entry is FileSystemDirectoryEntry {
  return entry.isDirectory;
}

/** Every file under the entries, folders walked depth first (a folder reader answers in slices). */
async function walk(entries: readonly FileSystemEntry[], into: File[]): Promise<void> {
  for (const entry of entries) {
    if (into.length >= MAX_DROPPED_FILES) return;
    if (isFile(entry)) into.push(await fileOf(entry));
    else if (isDirectory(entry)) {
      const reader = entry.createReader();
      for (let slice = await entriesOf(reader); slice.length; slice = await entriesOf(reader))
        await walk(slice, into);
    }
  }
}

/**
 * The files of a drop, folders included. The entries must be taken while the drop event runs (the
 * browser empties its list after), so this is called from the handler itself.
 */
export function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = [...data.items].flatMap((item) => {
    const entry = item.kind === 'file' ? item.webkitGetAsEntry() : null;
    return entry ? [entry] : [];
  });
  if (!entries.length) return Promise.resolve([...data.files].slice(0, MAX_DROPPED_FILES));
  const files: File[] = [];
  return walk(entries, files).then(() => files);
}
