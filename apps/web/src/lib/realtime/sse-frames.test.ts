import { describe, expect, it } from 'vitest';
import { SseFrameReader } from './sse-frames';

describe('SseFrameReader', () => {
  it('yields a frame only once its blank line has arrived, across chunks', () => {
    const reader = new SseFrameReader();
    expect(reader.push('id: 7\ndata: {"a"')).toEqual([]);
    expect(reader.push(':1}\n\nid: 8\r\ndata: END\r\n\r\n')).toEqual([
      { id: '7', data: '{"a":1}' },
      { id: '8', data: 'END' },
    ]);
  });

  it('joins multi-line data and ignores comments and other fields', () => {
    const reader = new SseFrameReader();
    expect(reader.push(': ping\n\nevent: x\ndata: one\ndata: two\nretry: 5\n\n')).toEqual([
      { id: undefined, data: 'one\ntwo' },
    ]);
  });
});
