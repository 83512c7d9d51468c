/**
 * A file size as people read it (1 KB = 1024 bytes): "640 KB", "24.8 MB", "1.25 GB". One decimal
 * for megabytes and two for gigabytes, so a replaced product of nearly the same size still reads
 * differently.
 */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
