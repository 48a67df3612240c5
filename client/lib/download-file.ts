/** Saves text as a file download (dumps and CSVs are made in the browser: spec part 1 §7, part 2 §9). */
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

/** Saves `data` as a JSON file download (spec part 1 §7: dump results are saved as client-side downloads). */
export function downloadJson(fileName: string, data: unknown): void {
  downloadText(fileName, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
}
