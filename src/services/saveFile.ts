/**
 * Saves a file the app received (the personal-data zip) under a name, as the browser's own
 * download: an object URL on a temporary link, revoked once the click has been handled.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is released on the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
