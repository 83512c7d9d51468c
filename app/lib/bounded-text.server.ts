/**
 * The body of an outside service's answer (the ECB's rates, VIES) read as text up to a bound, so an
 * answer that is not what was asked for (a huge page, an endless stream) cannot fill the memory.
 */

/** The body of `response` as text, refused once it passes `maxBytes` (read no further); `what` names it in the error. */
export async function boundedText(response: Response, maxBytes: number, what: string): Promise<string> {
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > maxBytes) {
    await response.body?.cancel();
    throw new Error(`${what} is too large: ${length} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (;;) {
    const read = await reader?.read();
    if (!read || read.done) break;
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader!.cancel();
      throw new Error(`${what} is too large: over ${maxBytes} bytes`);
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
