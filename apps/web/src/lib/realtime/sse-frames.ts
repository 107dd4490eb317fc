/** One server-sent event: its `id:` (if any) and its `data:` lines joined. */
export interface SseFrame {
  id: string | undefined;
  data: string;
}

/**
 * Splits a text/event-stream into frames as chunks arrive (frames end with a blank line; a chunk
 * may end mid-frame). Comment lines (`:`) and fields other than id and data are ignored.
 */
export class SseFrameReader {
  private buffer = '';

  push(chunk: string): SseFrame[] {
    this.buffer += chunk.replace(/\r\n?/g, '\n');
    const frames: SseFrame[] = [];
    let end = this.buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const frame = parseBlock(block);
      if (frame) frames.push(frame);
      end = this.buffer.indexOf('\n\n');
    }
    return frames;
  }
}

function parseBlock(block: string): SseFrame | null {
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 && id === undefined ? null : { id, data: data.join('\n') };
}
