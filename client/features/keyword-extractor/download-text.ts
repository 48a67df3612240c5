/** Saves text as a file download (the CSVs are made in the browser, spec part 2 §9). */
export function downloadText(fileName: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
