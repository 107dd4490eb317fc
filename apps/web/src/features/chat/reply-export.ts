/** A file name from the question: what the reply answers, safe on every file system. */
export function exportName(question: string): string {
  const name = question
    .replace(/[\\/:*?"<>|\r\n]+/g, ' ')
    .trim()
    .slice(0, 60);
  return name || 'reply';
}

/** Saves markdown as a file in the browser: no round trip to the server. */
export function saveText(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
